/**
 * Screenshots of the platform with the demo data, in the theme the visitor is using. Lazy-loaded with
 * their size given, so they neither hold up the page nor make it jump.
 */
import { Box, Text } from '@chakra-ui/react';

export interface Screenshot {
  /** File stem under /screenshots: `<stem>-dark.webp` and `<stem>-light.webp`. */
  stem: string;
  alt: string;
  caption: string;
}

export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

export function ScreenshotGallery({
  shots,
  theme,
}: {
  shots: readonly Screenshot[];
  theme: 'dark' | 'light';
}) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="grid"
      gap="6"
      gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }}
    >
      {shots.map((shot) => (
        <Box as="li" key={shot.stem}>
          <Box as="figure" m="0">
            <Box asChild w="full" h="auto" borderWidth="1px" borderRadius="md">
              <img
                src={`/screenshots/${shot.stem}-${theme}.webp`}
                alt={shot.alt}
                width={SCREENSHOT_SIZE.width}
                height={SCREENSHOT_SIZE.height}
                loading="lazy"
                decoding="async"
              />
            </Box>
            <Text as="figcaption" fontSize="sm" color="fg.muted" mt="2">
              {shot.caption}
            </Text>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

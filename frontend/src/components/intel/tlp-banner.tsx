/** A TLP 2.0 marking as printed on a document: the label in its FIRST colour on a black band. */
import { Box } from '@chakra-ui/react';
import { tlpLabel, type TlpLevel } from './tlp-badge';
import { TLP_PRINT_COLOURS } from './tlp-marking';

export function TlpBanner({ tlp }: { tlp: TlpLevel }) {
  return (
    <Box
      bg="#000000"
      color={TLP_PRINT_COLOURS[tlp]}
      fontFamily="mono"
      fontWeight="bold"
      fontSize="sm"
      letterSpacing="wider"
      textAlign="center"
      py="1"
      borderRadius="sm"
    >
      {tlpLabel(tlp)}
    </Box>
  );
}

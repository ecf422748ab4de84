/** Theme menu (light / dark / system) for the public and platform headers. */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuMonitor, LuMoon, LuSun } from 'react-icons/lu';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import {
  isThemePreference,
  selectResolvedTheme,
  selectThemePreference,
  themeChosen,
  type ThemePreference,
} from '@/features/theme/state/theme-slice';

const labels: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const icons = { light: LuSun, dark: LuMoon, system: LuMonitor } as const;

/** `defaultOpen`: the public header loads this menu on the first click and opens it straight away. */
export function ThemeToggle({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectThemePreference);
  const resolved = useAppSelector(selectResolvedTheme);
  const Icon = resolved === 'dark' ? LuMoon : LuSun;
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Theme: ${labels[preference]}. Change theme`}>
          <Icon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup
              value={preference}
              onValueChange={({ value }) => {
                if (isThemePreference(value)) dispatch(themeChosen(value));
              }}
            >
              {(Object.keys(labels) as ThemePreference[]).map((value) => {
                const ItemIcon = icons[value];
                return (
                  <Menu.RadioItem key={value} value={value}>
                    <ItemIcon aria-hidden="true" />
                    {labels[value]}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                );
              })}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The one Chakra system: semantic tokens named by meaning, each with a dark variant. */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { chakraTheme } from './chakra-theme';

const config = defineConfig({
  theme: {
    slotRecipes: {
      // On a phone five tabs do not fit a row: each label stays whole and the row wraps, instead of
      // every label breaking into a narrow column of words ("Import / failures"). Configs merge arrays
      // by index, so the slots are Chakra's own, in their order.
      tabs: {
        slots: tabsSlotRecipe.slots,
        base: { list: { flexWrap: 'wrap' }, trigger: { whiteSpace: 'nowrap' } },
      },
    },
    semanticTokens: {
      colors: {
        'severity.critical': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'severity.high': { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        'severity.medium': { value: { _light: '{colors.yellow.800}', _dark: '{colors.yellow.300}' } },
        'severity.low': { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
        'status.new': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'status.healthy': { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        'status.degraded': { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        'status.down': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'tlp.red': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'tlp.amber': { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        'tlp.green': { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        'tlp.clear': { value: { _light: '{colors.gray.700}', _dark: '{colors.gray.300}' } },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);

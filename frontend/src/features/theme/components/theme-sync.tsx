/** Mounted once by the app provider; renders nothing. */
import { useApplyTheme } from '@/features/theme/hooks/use-apply-theme';

export function ThemeSync() {
  useApplyTheme();
  return null;
}

import { IconButton } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { Tooltip } from './ui/tooltip';

/** Light/dark switch; next-themes stores the choice under 'theme' and sets the root class. */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme !== 'light';
  const label = dark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip content={label}>
      <IconButton
        aria-label={label}
        variant="outline"
        size="md"
        rounded="full"
        onClick={() => setTheme(dark ? 'light' : 'dark')}
      >
        {dark ? <Sun /> : <Moon />}
      </IconButton>
    </Tooltip>
  );
}

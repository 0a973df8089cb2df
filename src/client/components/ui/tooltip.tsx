import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
}

/** Spec §4/§9: opens after 700 ms of hover or focus, on top with a 4 px gap; closes on leave,
 * press, click, scroll or Escape. */
export function Tooltip({ content, children }: TooltipProps) {
  return (
    <ChakraTooltip.Root
      openDelay={700}
      closeDelay={0}
      closeOnPointerDown
      closeOnClick
      closeOnScroll
      closeOnEscape
      positioning={{ placement: 'top', gutter: 4 }}
    >
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>
            <ChakraTooltip.Arrow>
              <ChakraTooltip.ArrowTip />
            </ChakraTooltip.Arrow>
            {content}
          </ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}

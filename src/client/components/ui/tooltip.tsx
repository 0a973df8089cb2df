import { Portal, Tooltip as ChakraTooltip, useTooltip } from '@chakra-ui/react';
import { useRef, type ReactElement, type ReactNode } from 'react';

interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
}

const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/**
 * When the last shown tooltip closed. Within the skip delay of that, the next one opens at once:
 * a person moving along a row of buttons reads each tip without waiting again. Zag's tooltip only
 * skips the delay while another tip is still open, so the window after closing is kept here.
 */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Opens after 700 ms of hover or focus (skip delay 300 ms), on top with a 4 px gap;
 * closes on leave, press, click, scroll or Escape. */
export function Tooltip({ content, children }: TooltipProps) {
  const shown = useRef(false);
  const tooltip = useTooltip({
    openDelay: OPEN_DELAY_MS,
    closeDelay: 0,
    closeOnPointerDown: true,
    closeOnClick: true,
    closeOnScroll: true,
    closeOnEscape: true,
    positioning: { placement: 'top', gutter: 4 },
    onOpenChange: ({ open }) => {
      if (!open && shown.current) lastClosedAt = performance.now();
      shown.current = open;
    },
  });
  return (
    <ChakraTooltip.RootProvider value={tooltip}>
      <ChakraTooltip.Trigger
        asChild
        onPointerEnter={(event) => {
          if (event.pointerType === 'touch') return;
          if (performance.now() - lastClosedAt < SKIP_DELAY_MS) tooltip.setOpen(true);
        }}
      >
        {children}
      </ChakraTooltip.Trigger>
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
    </ChakraTooltip.RootProvider>
  );
}

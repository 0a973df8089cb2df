import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * One toast at a time; F8 moves focus to the notification region; a dismissed toast
 * stays in the store long enough for its exit animation.
 */
export const toaster = createToaster({
  placement: 'top-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
  offsets: '1rem',
});

/** A new notification replaces the shown one at once instead of waiting in the queue. */
function show(title: string, description: string, type: 'success' | 'error' | 'warning'): void {
  toaster.remove();
  toaster.create({ title, description, type, closable: true });
}

export function notify(title: string, description: string): void {
  show(title, description, 'success');
}

/** Something the user should know that is no success: a run that replaced nothing, say. */
export function notifyNotice(title: string, description: string): void {
  show(title, description, 'warning');
}

/** The destructive variant. */
export function notifyError(title: string, description: string): void {
  show(title, description, 'error');
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root
            width={{ md: 'sm' }}
            maxW={{ md: '420px' }}
            // Chakra's green.600/red.600 with a dimmed description fall below WCAG AA (4.5:1).
            bg={
              toast.type === 'success'
                ? 'green.700'
                : toast.type === 'error'
                  ? 'red.700'
                  : toast.type === 'warning'
                    ? 'orange.800'
                    : undefined
            }
            data-testid="toast"
          >
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && (
                <Toast.Description opacity="1">{toast.description}</Toast.Description>
              )}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

import { Button, CloseButton, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';

interface ReanalyzeDialogProps {
  /** The rules the user set, in words ('city: Keep'); the dialog is closed when null. */
  rules: string[] | null;
  onClose: () => void;
  /** Detect the types again: keeping the rules, or from a clean slate. */
  onReanalyze: (cleanSlate: boolean) => void;
}

/**
 * Asks before Re-analyze when the sheet has rules the user set: re-analysis keeps them; a clean
 * slate, named with what it would lose, is the other choice.
 */
export function ReanalyzeDialog({ rules, onClose, onReanalyze }: ReanalyzeDialogProps) {
  const count = rules?.length ?? 0;
  return (
    <Dialog.Root
      open={rules !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Re-analyze this sheet?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  The column types are detected again. Your {count === 1 ? 'rule is' : 'rules are'}{' '}
                  kept:
                </Text>
                <List.Root ps="5" gap="1" fontFamily="mono" fontSize="sm">
                  {(rules ?? []).map((rule) => (
                    <List.Item key={rule} overflowWrap="anywhere">
                      {rule}
                    </List.Item>
                  ))}
                </List.Root>
                <Text color="fg.muted" fontSize="sm">
                  A clean slate puts every column back to Auto and loses{' '}
                  {count === 1 ? 'this rule' : `these ${count} rules`}.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button variant="outline" colorPalette="red" onClick={() => onReanalyze(true)}>
                Clean slate: lose {count === 1 ? 'it' : `${count} rules`}
              </Button>
              <Button colorPalette="teal" onClick={() => onReanalyze(false)}>
                Re-analyze, keep my rules
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

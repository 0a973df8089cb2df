import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Heading,
  Input,
  InputGroup,
  Portal,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
// Pure data and checks (no Faker, no Node): the list and the check the server applies to a rule.
import { FAKER_CATALOGUE, validateFakerMethod } from '../../engine/browser';

interface CustomFormatDialogProps {
  /** The column being edited; the dialog is closed when null. */
  column: { name: string; fakerMethod: string } | null;
  onApply: (fakerMethod: string) => void;
  onClose: () => void;
}

export function CustomFormatDialog({ column, onApply, onClose }: CustomFormatDialogProps) {
  return (
    <Dialog.Root
      open={column !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {column && (
            <MethodPicker
              key={column.name}
              columnName={column.name}
              initialMethod={column.fakerMethod}
              onApply={onApply}
            />
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface MethodPickerProps {
  columnName: string;
  initialMethod: string;
  onApply: (fakerMethod: string) => void;
}

function MethodPicker({ columnName, initialMethod, onApply }: MethodPickerProps) {
  const [method, setMethod] = useState(initialMethod);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return FAKER_CATALOGUE.map((group) => ({
      category: group.category,
      methods: group.methods.filter(
        (name) =>
          needle === '' ||
          name.toLowerCase().includes(needle) ||
          group.category.toLowerCase().includes(needle),
      ),
    })).filter((group) => group.methods.length > 0);
  }, [search]);

  const chosen = method.trim();
  const choose = (next: string) => {
    setMethod(next);
    setProblem(null);
  };
  // The server refuses a method it does not know; say so here instead of closing the dialog.
  const apply = () => {
    try {
      validateFakerMethod(chosen);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Unknown Faker method');
      return;
    }
    onApply(chosen);
  };
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>Custom Format for {columnName}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <Field.Root invalid={problem !== null}>
            <Field.Label>Selected Faker.js Method</Field.Label>
            <Input
              value={method}
              onChange={(event) => choose(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && chosen !== '') apply();
              }}
              placeholder="e.g. person.firstName, internet.email, location.city"
              fontFamily="mono"
              autoComplete="off"
              spellCheck={false}
            />
            {problem ? (
              <Field.ErrorText>{problem}</Field.ErrorText>
            ) : (
              <Field.HelperText>Type a method or pick one from the list below.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root>
            <Field.Label>Search Methods</Field.Label>
            <InputGroup startElement={<Search size="16" />}>
              <Input
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                placeholder="Search by method or category"
                type="search"
                autoComplete="off"
              />
            </InputGroup>
          </Field.Root>
          <Box
            role="group"
            aria-label="Faker.js methods"
            borderWidth="1px"
            rounded="lg"
            p="3"
            maxH="72"
            overflowY="auto"
          >
            {groups.length === 0 ? (
              <Text color="fg.muted" fontSize="sm" textAlign="center" py="4">
                No methods found matching "{search}"
              </Text>
            ) : (
              <Stack gap="4">
                {groups.map((group) => (
                  <Box key={group.category}>
                    <Heading as="h4" size="xs" color="fg.muted" textTransform="uppercase" mb="2">
                      {group.category}
                    </Heading>
                    <Wrap gap="1.5">
                      {group.methods.map((name) => (
                        <Button
                          key={name}
                          size="xs"
                          variant={name === chosen ? 'solid' : 'outline'}
                          colorPalette={name === chosen ? 'purple' : 'gray'}
                          fontFamily="mono"
                          aria-pressed={name === chosen}
                          onClick={() => choose(name)}
                        >
                          {name}
                        </Button>
                      ))}
                    </Wrap>
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="purple" disabled={chosen === ''} onClick={apply}>
          Apply Custom Format
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

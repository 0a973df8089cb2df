import {
  Button,
  Card,
  Field,
  Flex,
  HStack,
  Icon,
  IconButton,
  Input,
  InputGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Copy, Dices, Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { generateConsistencyKey } from '../lib/consistencyKey';
import { logFailure } from '../lib/logFailure';
import { notify, notifyError } from './ui/toaster';
import { Tooltip } from './ui/tooltip';

/** The server's limit on a run's secret. */
const MAX_KEY_LENGTH = 1000;

interface ConsistencyKeyFieldProps {
  value: string;
  onChange: (next: string) => void;
  disabled: boolean;
}

/**
 * The optional key a run is made with. The value lives in the page's state only (never in storage,
 * a URL or the console), so it is the user's to keep: hence Copy.
 */
export function ConsistencyKeyField({ value, onChange, disabled }: ConsistencyKeyFieldProps) {
  const [shown, setShown] = useState(false);

  function generate() {
    onChange(generateConsistencyKey());
    // A key nobody has seen cannot be written down; it is shown until hidden again.
    setShown(true);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify('Key copied', 'Paste it here when you pseudonymize the next file.');
    } catch (error) {
      // The clipboard's refusal (permission, insecure page) carries no part of the key.
      logFailure('Copying the key', error);
      setShown(true);
      notifyError('Copy failed', 'The browser refused the clipboard: select the key and copy it.');
    }
  }

  return (
    <Card.Root variant="outline" rounded="xl">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Field.Root disabled={disabled} gap="3">
          <Flex align="flex-start" gap="3">
            <Flex
              aria-hidden
              align="center"
              justify="center"
              boxSize="9"
              flexShrink={0}
              rounded="lg"
              bg="teal.subtle"
              color="teal.fg"
            >
              <Icon boxSize="4">
                <KeyRound />
              </Icon>
            </Flex>
            <Stack gap="1" minW="0">
              <Field.Label fontSize="md" fontWeight="semibold">
                Consistency key
              </Field.Label>
              <Field.HelperText fontSize="sm">
                The same key gives the same pseudonyms in every file, so IDs and emails still join
                across files and runs. Without a key, each dataset gets a fresh secret one.
              </Field.HelperText>
            </Stack>
          </Flex>
          <Flex direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
            <InputGroup
              flex="1"
              endElement={
                <IconButton
                  size="xs"
                  variant="ghost"
                  me="-2"
                  aria-label={shown ? 'Hide key' : 'Show key'}
                  aria-pressed={shown}
                  disabled={disabled}
                  onClick={() => setShown((now) => !now)}
                >
                  {shown ? <EyeOff /> : <Eye />}
                </IconButton>
              }
            >
              <Input
                type={shown ? 'text' : 'password'}
                value={value}
                onChange={(event) => onChange(event.currentTarget.value)}
                maxLength={MAX_KEY_LENGTH}
                placeholder="Optional: paste or generate a key"
                fontFamily={value ? 'mono' : undefined}
                // Not a login password: no saving, filling or spell-checking by the browser.
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="off"
                spellCheck={false}
                data-1p-ignore
                data-lpignore="true"
              />
            </InputGroup>
            <HStack gap="2">
              <Tooltip content="Make a new random key (256 bits)">
                <Button
                  variant="outline"
                  flex={{ base: '1', sm: 'initial' }}
                  aria-label="Generate a key"
                  disabled={disabled}
                  onClick={generate}
                >
                  <Dices /> Generate
                </Button>
              </Tooltip>
              <Tooltip content="Copy the key to the clipboard">
                <Button
                  variant="outline"
                  flex={{ base: '1', sm: 'initial' }}
                  aria-label="Copy the key"
                  disabled={value === ''}
                  onClick={() => void copy()}
                >
                  <Copy /> Copy
                </Button>
              </Tooltip>
            </HStack>
          </Flex>
          <Text color="fg.muted" fontSize="xs">
            Keep it like a password: this page forgets it when closed, and anyone holding it can
            check whether a guessed value became a given pseudonym.
          </Text>
        </Field.Root>
      </Card.Body>
    </Card.Root>
  );
}

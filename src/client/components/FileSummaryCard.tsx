import {
  Box,
  Card,
  CloseButton,
  Field,
  Flex,
  HStack,
  Icon,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stat,
  Text,
} from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatCount, formatMegabytes } from '../lib/format';
import type { DatasetView } from '../trpc';
import { Tooltip } from './ui/tooltip';

/** A time of day in the visitor's own clock and zone: '14:32'. */
function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

interface FileSummaryCardProps {
  dataset: DatasetView;
  onRemove: () => void;
  onSelectSheet: (sheetName: string) => void;
  sheetPending: boolean;
}

export function FileSummaryCard({
  dataset,
  onRemove,
  onSelectSheet,
  sheetPending,
}: FileSummaryCardProps) {
  const card = useRef<HTMLDivElement>(null);
  // The card appears when an upload succeeds, as the file chooser button it replaces goes away:
  // focus moves here, so Tab continues from the uploaded file instead of the hidden file input.
  useEffect(() => card.current?.focus(), []);
  const tiles = [
    { label: 'Total Rows', value: formatCount(dataset.rowCount) },
    { label: 'Total Columns', value: formatCount(dataset.columnCount) },
    { label: 'File Format', value: dataset.fileType.toUpperCase() },
    { label: 'Status', value: 'Ready' },
  ];
  return (
    <Card.Root
      as="section"
      role="region"
      aria-label="Uploaded file"
      ref={card}
      tabIndex={-1}
      variant="outline"
      rounded="2xl"
    >
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        <Flex align="flex-start" gap="3">
          <Flex
            aria-hidden
            align="center"
            justify="center"
            boxSize="11"
            flexShrink={0}
            rounded="lg"
            bg="teal.subtle"
            color="teal.fg"
          >
            <Icon boxSize="5">
              <FileSpreadsheet />
            </Icon>
          </Flex>
          <Box flex="1" minW="0">
            <Text fontWeight="semibold" fontSize="lg" truncate title={dataset.filename}>
              {dataset.filename}
            </Text>
            {/* The spec's 'Processing...' for rowCount 0 would never end here: the card appears
                once the file is read, so 0 rows means a file with no data rows. */}
            <Text color="fg.muted" fontSize="sm">
              {formatMegabytes(dataset.size)} • Uploaded just now
              {dataset.rowCount === 0 && ' • No data rows'}
            </Text>
            {/* The server pushes the time back with every use; each answer brings it anew. */}
            <Text color="fg.muted" fontSize="sm" data-testid="expiry">
              Kept in memory until {clockTime(dataset.expiresAt)} unless used again
            </Text>
          </Box>
          <Tooltip content="Remove file">
            <CloseButton aria-label="Remove file" size="sm" variant="ghost" onClick={onRemove} />
          </Tooltip>
        </Flex>

        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {tiles.map((tile) => (
            <Stat.Root key={tile.label} bg="bg.muted" rounded="xl" px="4" py="3">
              <Stat.Label>{tile.label}</Stat.Label>
              <Stat.ValueText
                fontSize="xl"
                color={tile.label === 'Status' ? 'green.fg' : undefined}
              >
                {tile.value}
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>

        {dataset.sheetNames.length > 1 && (
          <Field.Root disabled={sheetPending}>
            <Flex
              direction={{ base: 'column', sm: 'row' }}
              align={{ base: 'stretch', sm: 'center' }}
              gap={{ base: '2', sm: '3' }}
            >
              <Field.Label whiteSpace="nowrap" mb="0">
                Select Sheet:
              </Field.Label>
              <HStack gap="3" flex="1">
                <NativeSelect.Root size="sm" maxW={{ sm: 'xs' }} disabled={sheetPending}>
                  <NativeSelect.Field
                    value={dataset.selectedSheet}
                    onChange={(event) => {
                      if (event.currentTarget.value !== dataset.selectedSheet) {
                        onSelectSheet(event.currentTarget.value);
                      }
                    }}
                  >
                    {dataset.sheetNames.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {sheetPending && <Spinner size="sm" aria-label="Switching sheet" />}
              </HStack>
              <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                {dataset.sheetNames.length} sheets available
              </Text>
            </Flex>
          </Field.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

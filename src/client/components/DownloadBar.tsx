import { Box, Button, Container, Flex, Grid, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Download, FileKey2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { FILE_FORMATS, type FileFormat } from '../../engine/browser';
import type { DownloadKind } from '../hooks/useDatasetDownload';
import { downloadContents, type SheetScope } from '../lib/downloadScope';
import { runLine } from '../lib/runClaims';
import type { DatasetView } from '../trpc';
import { Tooltip } from './ui/tooltip';

interface DownloadBarProps {
  dataset: DatasetView;
  downloading: DownloadKind | null;
  onStartOver: () => void;
  onDownload: (format: FileFormat, scope: SheetScope) => void;
  onDownloadMapping: (format: FileFormat) => void;
}

/** Fixed to the bottom of the window in step 3. */
export function DownloadBar({
  dataset,
  downloading,
  onStartOver,
  onDownload,
  onDownloadMapping,
}: DownloadBarProps) {
  const [format, setFormat] = useState<FileFormat>(dataset.fileType);
  // Every sheet by default; the selected one alone only when asked.
  const [scope, setScope] = useState<SheetScope>('every');
  const severalSheets = dataset.sheetNames.length > 1;
  const contents = downloadContents(format, dataset.sheetNames, scope, dataset.selectedSheet);
  // Kept and blanked columns have no pseudonyms to map.
  const hasMapping = (dataset.mapping?.rowCount ?? 0) > 0;

  return (
    <Box
      as="aside"
      aria-label="Download"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="bg.panel/90"
      backdropFilter="blur(10px)"
      borderTopWidth="1px"
      shadow="lg"
    >
      <Container maxW="6xl" py="3" px={{ base: '4', md: '8' }}>
        <Grid
          templateColumns={{ base: '1fr 1fr', md: '1fr auto auto auto' }}
          templateAreas={{
            base: hasMapping
              ? `"head head" "start mapping" "download download"`
              : `"head head" "start start" "download download"`,
            md: `"head start mapping download"`,
          }}
          alignItems="center"
          gap={{ base: '2', md: '3' }}
        >
          <Flex
            gridArea="head"
            align={{ base: 'stretch', sm: 'center' }}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            gap={{ base: '2', sm: '3' }}
            minW="0"
          >
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold">Ready to Download</Text>
              <Text fontSize="sm" color="fg.muted" data-testid="download-summary">
                {dataset.stats ? runLine(dataset.stats) : ''} • {contents}
              </Text>
            </Stack>
            <Flex gap="2" flexShrink={0}>
              {severalSheets && (
                <NativeSelect.Root size="sm" width={{ base: 'full', sm: '44' }} minW="0">
                  <NativeSelect.Field
                    aria-label="Sheets to download"
                    value={scope}
                    onChange={(event) => setScope(event.currentTarget.value as SheetScope)}
                  >
                    <option value="every">All {dataset.sheetNames.length} sheets</option>
                    <option value="selected">Only {dataset.selectedSheet}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
              <NativeSelect.Root size="sm" width="24" flexShrink={0}>
                <NativeSelect.Field
                  aria-label="Download format"
                  value={format}
                  onChange={(event) => setFormat(event.currentTarget.value as FileFormat)}
                >
                  {FILE_FORMATS.map((option) => (
                    <option key={option} value={option}>
                      {option.toUpperCase()}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Flex>
          </Flex>
          <Tooltip content="Discard this dataset and upload another file">
            <Button variant="outline" size="sm" onClick={onStartOver} gridArea="start">
              <RotateCcw /> Start Over
            </Button>
          </Tooltip>
          {hasMapping && (
            <Tooltip content="Original and pseudonymized value pairs">
              <Button
                variant="outline"
                size="sm"
                onClick={() => onDownloadMapping(format)}
                loading={downloading === 'mapping'}
                gridArea="mapping"
              >
                <FileKey2 /> Download Mapping
              </Button>
            </Tooltip>
          )}
          <Button
            colorPalette="teal"
            size="sm"
            gridArea="download"
            onClick={() => onDownload(format, scope)}
            loading={downloading === 'data'}
          >
            <Download /> Download Pseudonymized Data
          </Button>
        </Grid>
      </Container>
    </Box>
  );
}

import { Box, Button, Container, Flex, Grid, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Download, FileKey2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { FILE_FORMATS, type FileFormat } from '../../engine/browser';
import type { DownloadKind } from '../hooks/useDatasetDownload';
import { formatCount } from '../lib/format';
import type { DatasetView } from '../trpc';
import { Tooltip } from './ui/tooltip';

interface DownloadBarProps {
  dataset: DatasetView;
  downloading: DownloadKind | null;
  onStartOver: () => void;
  onDownload: (format: FileFormat) => void;
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
  const rows = dataset.stats?.rowsProcessed ?? dataset.rowCount;
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
          <Flex gridArea="head" align="center" justify="space-between" gap="3" minW="0">
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold">Ready to Download</Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {formatCount(rows)} rows pseudonymized • {format.toUpperCase()}
              </Text>
            </Stack>
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
            onClick={() => onDownload(format)}
            loading={downloading === 'data'}
          >
            <Download /> Download Pseudonymized Data
          </Button>
        </Grid>
      </Container>
    </Box>
  );
}

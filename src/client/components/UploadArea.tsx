import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Icon,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CheckCircle2, FileUp, RotateCw, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorCode, useDropzone, type DropEvent, type FileRejection } from 'react-dropzone';
import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_TYPES,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
  checkFile,
  isIgnoredFile,
  type FileProblem,
} from '../lib/fileRules';
import { formatCount } from '../lib/format';
import { HttpError } from '../lib/httpError';
import { logFailure } from '../lib/logFailure';
import { uploadFile } from '../lib/uploadFile';
import type { ExpiredDataset } from '../hooks/useDatasetWorkflow';
import type { DatasetView } from '../trpc';
import { notify, notifyError } from './ui/toaster';

interface UploadAreaProps {
  /** Disabled after step 1. */
  disabled: boolean;
  onUploaded: (dataset: DatasetView, file: File) => void;
  /** The upload the server discarded, offered again in one click. */
  expired?: ExpiredDataset | null;
  /** Each new value moves focus to 'Select File' (after ✕ or Start Over). */
  focusRequest?: number;
}

const FORMAT_BADGES = ['CSV', 'JSON', 'Excel', 'TSV'] as const;

/**
 * Thumbnail caches (.DS_Store, Thumbs.db) never count as the chosen file, whether dropped or
 * picked. react-dropzone's own reader drops them only from drag-and-drop.
 */
async function filesFromEvent(event: DropEvent): Promise<(File | DataTransferItem)[]> {
  if ('dataTransfer' in event && event.dataTransfer) {
    const transfer = event.dataTransfer;
    if (event.type !== 'drop') {
      return Array.from(transfer.items).filter((item) => item.kind === 'file');
    }
    return Array.from(transfer.files).filter((file) => !isIgnoredFile(file.name));
  }
  if ('target' in event && event.target instanceof HTMLInputElement && event.target.files) {
    return Array.from(event.target.files).filter((file) => !isIgnoredFile(file.name));
  }
  if (Array.isArray(event)) {
    const files = await Promise.all(event.map((handle: FileSystemFileHandle) => handle.getFile()));
    return files.filter((file) => !isIgnoredFile(file.name));
  }
  return [];
}

function rejectionProblem(rejection: FileRejection): FileProblem {
  const error = rejection.errors[0];
  if (error?.code === ErrorCode.FileTooLarge) return FILE_TOO_LARGE;
  if (error?.code === ErrorCode.FileInvalidType) return INVALID_FILE_TYPE;
  if (error?.code === ErrorCode.TooManyFiles) {
    return { title: 'Too many files', description: 'Please select one file at a time.' };
  }
  return { title: 'File not accepted', description: error?.message ?? 'This file cannot be used.' };
}

const WRONG_TYPE_MESSAGE = `File type must be ${ACCEPTED_EXTENSIONS.join(', ')}`;
const TOO_LARGE_MESSAGE = `File is larger than ${formatCount(MAX_FILE_BYTES)} bytes`;
/** While a file the zone refuses is held over it (its type, or more than one file). */
const DRAG_REJECT_MESSAGE = `${WRONG_TYPE_MESSAGE}, one file at a time`;

/** The drop rejection message ('File type must be …', 'Too many files'), shown in the zone under the toast's explanation. */
function rejectionMessage(rejection: FileRejection): string {
  const error = rejection.errors[0];
  switch (error?.code) {
    case ErrorCode.FileInvalidType:
      return WRONG_TYPE_MESSAGE;
    case ErrorCode.FileTooLarge:
      return TOO_LARGE_MESSAGE;
    case ErrorCode.TooManyFiles:
      return 'Too many files';
    default:
      return error?.message ?? 'This file cannot be used.';
  }
}

export function UploadArea({
  disabled,
  onUploaded,
  expired = null,
  focusRequest = 0,
}: UploadAreaProps) {
  const [progress, setProgress] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [rejection, setRejection] = useState<string | null>(null);
  const selectFile = useRef<HTMLButtonElement>(null);

  // The removed file's controls are gone: focus goes where the next step starts, not to <body>.
  useEffect(() => {
    if (focusRequest > 0) selectFile.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  async function send(file: File) {
    const problem = checkFile(file);
    if (problem) {
      notifyError(problem.title, problem.description);
      setRejection(problem === FILE_TOO_LARGE ? TOO_LARGE_MESSAGE : WRONG_TYPE_MESSAGE);
      return;
    }
    setUploading(true);
    setProgress(0);
    try {
      const dataset = await uploadFile(file, setProgress);
      setProgress(100);
      notify(
        'File uploaded successfully',
        'Schema detection completed. Review the detected columns below.',
      );
      onUploaded(dataset, file);
    } catch (error) {
      setProgress(0);
      // The server's message, or the generic text when there is none (a lost
      // connection, an unreadable answer).
      const message = error instanceof HttpError ? error.serverMessage : null;
      if (!message) {
        logFailure('Upload', error);
      }
      notifyError('Upload failed', message ?? 'There was an error uploading your file.');
    } finally {
      setUploading(false);
    }
  }

  const { getRootProps, getInputProps, open, isDragActive, isDragReject } = useDropzone({
    accept: ACCEPTED_TYPES,
    maxFiles: 1,
    multiple: false,
    maxSize: MAX_FILE_BYTES,
    disabled: disabled || uploading,
    // A click anywhere on the zone opens the chooser, as its text says; the keyboard reaches the
    // chooser through 'Select File' alone, so the zone itself is no extra tab stop.
    noKeyboard: true,
    useFsAccessApi: false,
    getFilesFromEvent: filesFromEvent,
    onDrop: () => setRejection(null),
    onDropAccepted: (files) => {
      const file = files[0];
      if (file) void send(file);
    },
    onDropRejected: (rejections) => {
      const first = rejections[0];
      if (first) {
        const problem = rejectionProblem(first);
        notifyError(problem.title, problem.description);
        setRejection(rejectionMessage(first));
      }
    },
  });

  const inactive = disabled || uploading;
  // Past step 1 the area stays in place, compact, saying the upload worked.
  const done = disabled && !uploading;
  const borderColor = isDragReject
    ? 'border.error'
    : isDragActive
      ? 'teal.500'
      : rejection !== null
        ? 'border.error'
        : done
          ? 'border.success'
          : 'border.emphasized';

  const again = expired?.file ?? null;
  return (
    <Stack gap="4">
      {expired && !disabled && (
        <Alert.Root status="warning" variant="surface" rounded="xl" role="status">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title overflowWrap="anywhere">
              {expired.filename} expired on the server
            </Alert.Title>
            <Alert.Description>
              Stand-in keeps a dataset in memory only, and discards it after a while unused. Your
              consistency key is kept.
            </Alert.Description>
            {again && (
              <Button
                size="sm"
                colorPalette="teal"
                alignSelf="flex-start"
                maxW="full"
                whiteSpace="normal"
                h="auto"
                minH="8"
                loading={uploading}
                onClick={() => void send(again)}
              >
                <RotateCw /> Upload {expired.filename} again
              </Button>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      <Box
        {...getRootProps({ role: 'region', 'aria-labelledby': 'upload-heading' })}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={borderColor}
        bg={isDragActive ? 'teal.subtle' : 'bg.panel'}
        rounded="2xl"
        px={{ base: '4', md: '10' }}
        py={done ? '5' : { base: '8', md: '12' }}
        textAlign="center"
        transition="background 0.2s, border-color 0.2s"
        cursor={inactive ? undefined : 'pointer'}
        _hover={inactive ? undefined : { borderColor: 'teal.500' }}
        aria-disabled={inactive}
      >
        <input {...getInputProps({ 'aria-label': 'Choose a data file' })} />
        {done ? (
          <Flex align="center" justify="center" gap="3" textAlign="start">
            <Icon boxSize="6" color="green.fg" aria-hidden>
              <CheckCircle2 />
            </Icon>
            <Box>
              <Heading as="h2" id="upload-heading" size="md">
                Upload successful
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                File uploaded and schema detected successfully!
              </Text>
            </Box>
          </Flex>
        ) : (
          <Stack align="center" gap="4">
            <Flex
              align="center"
              justify="center"
              boxSize="14"
              rounded="full"
              bg="teal.subtle"
              color="teal.fg"
              aria-hidden
            >
              <Icon boxSize="7">
                <UploadCloud />
              </Icon>
            </Flex>
            <Heading as="h2" id="upload-heading" size={{ base: 'lg', md: 'xl' }}>
              {uploading ? 'Uploading...' : 'Upload Your Dataset'}
            </Heading>
            <Text
              color={isDragReject ? 'fg.error' : 'fg.muted'}
              fontWeight={isDragReject ? 'medium' : undefined}
              maxW="md"
              role={isDragReject ? 'alert' : undefined}
            >
              {isDragReject
                ? `Not accepted: ${DRAG_REJECT_MESSAGE}`
                : isDragActive
                  ? 'Drop the file here'
                  : 'Drag and drop your CSV or JSON file here, or click to browse'}
            </Text>
            {rejection && !isDragActive && (
              <Text id="upload-rejection" color="fg.error" fontSize="sm" fontWeight="medium">
                {rejection}
              </Text>
            )}
            <HStack gap="2" wrap="wrap" justify="center" aria-label="Supported formats">
              {FORMAT_BADGES.map((label) => (
                <Badge key={label} variant="surface" colorPalette="teal" size="md">
                  {label}
                </Badge>
              ))}
            </HStack>
            {uploading ? (
              <Box w="full" maxW="sm" aria-live="polite">
                <Progress.Root
                  value={progress}
                  max={100}
                  colorPalette="teal"
                  size="sm"
                  striped={progress >= 100}
                  animated={progress >= 100}
                >
                  <HStack justify="space-between" mb="1.5">
                    <Progress.Label fontSize="sm">Processing file...</Progress.Label>
                    <Progress.ValueText fontSize="sm" />
                  </HStack>
                  <Progress.Track rounded="full">
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Box>
            ) : (
              <Button
                ref={selectFile}
                colorPalette="teal"
                size="lg"
                disabled={inactive}
                aria-describedby={rejection ? 'upload-rejection' : undefined}
                onClick={(event) => {
                  // The zone around would open the chooser a second time.
                  event.stopPropagation();
                  open();
                }}
              >
                <FileUp /> Select File
              </Button>
            )}
            <Text fontSize="sm" color="fg.muted">
              Maximum file size: 50MB
            </Text>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

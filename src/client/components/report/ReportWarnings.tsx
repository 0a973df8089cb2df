import { Badge, Box, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { ReportWarning } from '../../../engine/browser';
import { formatCount, formatPercent } from '../../lib/format';

const TITLES: Record<ReportWarning['code'], string> = {
  'kept-pii-column': 'Personal data kept',
  'kept-text-mentions-replaced': 'Kept text names replaced values',
  're-identification-risk': 'Kept columns single people out',
  'pseudonyms-lost-uniqueness': 'Pseudonyms repeat',
  'originals-survive': 'Originals survive',
  'mapping-downloadable': 'Mapping can be downloaded',
};

const SEVERITY_PALETTES: Record<ReportWarning['severity'], string> = {
  high: 'red',
  medium: 'orange',
  low: 'gray',
};

/** The names the report's figure keys read as, and how their values read. */
const FIGURES: Record<string, { label: string; format: (value: number) => string }> = {
  uniqueShare: { label: 'unique rows', format: formatPercent },
  uniqueRows: { label: 'rows alone in their class', format: formatCount },
  k: { label: 'k', format: formatCount },
  cells: { label: 'cells', format: formatCount },
  distinctValues: { label: 'distinct values', format: formatCount },
  distinctBefore: { label: 'distinct before', format: formatCount },
  distinctAfter: { label: 'distinct after', format: formatCount },
};

function figuresText(figures: ReportWarning['figures']): string {
  return Object.entries(figures)
    .map(([key, value]) => {
      const figure = FIGURES[key];
      return figure ? `${figure.label} ${figure.format(value)}` : `${key} ${formatCount(value)}`;
    })
    .join(' · ');
}

interface ReportWarningsProps {
  warnings: readonly ReportWarning[];
  /** Several sheets: each warning names its sheet. */
  showSheets: boolean;
}

/** The report's warnings, most severe first: severity, what was found, one line of advice. */
export function ReportWarnings({ warnings, showSheets }: ReportWarningsProps) {
  if (warnings.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No warnings: no kept column looks personal, no original was found, and the kept columns
        single nobody out.
      </Text>
    );
  }
  return (
    <List.Root as="ul" listStyle="none" gap="2" aria-label="Warnings">
      {warnings.map((warning, index) => {
        const figures = figuresText(warning.figures);
        return (
          <List.Item key={index}>
            <Box
              borderWidth="1px"
              borderStartWidth="4px"
              borderStartColor={`${SEVERITY_PALETTES[warning.severity]}.solid`}
              rounded="lg"
              px="3"
              py="2"
              bg="bg.panel"
              w="full"
            >
              <Stack gap="1">
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette={SEVERITY_PALETTES[warning.severity]} variant="solid">
                    {warning.severity}
                  </Badge>
                  <Text fontWeight="semibold" fontSize="sm">
                    {TITLES[warning.code]}
                    {showSheets && warning.sheet !== null ? ` · ${warning.sheet}` : ''}
                  </Text>
                </HStack>
                <Text fontSize="sm" wordBreak="break-word">
                  {warning.advice}
                </Text>
                {figures && (
                  <Text fontSize="xs" color="fg.muted">
                    {figures}
                  </Text>
                )}
              </Stack>
            </Box>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

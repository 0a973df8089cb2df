import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ChartSeriesFigures {
  label: string;
  /** A Chakra colour token, the same the chart draws the series in. */
  color: string;
  values: readonly number[];
}

interface ChartFrameProps {
  /** One sentence describing the figures: the chart's accessible name. */
  description: string;
  /** The figures the chart draws, shown as text under it (and its legend). */
  series: readonly ChartSeriesFigures[];
  /** Names each value in the text (class sizes, ranks); left out, the values are listed alone. */
  labels?: readonly string[];
  formatValue?: (value: number) => string;
  children: ReactNode;
}

/**
 * A small chart with its text alternatives: the drawing is an image named by a sentence, and
 * the figures it draws stay readable under it as text, each series by its colour.
 */
export function ChartFrame({
  description,
  series,
  labels,
  formatValue = String,
  children,
}: ChartFrameProps) {
  const valueText = (value: number, index: number) =>
    labels?.[index] !== undefined ? `${labels[index]}: ${formatValue(value)}` : formatValue(value);
  return (
    <Stack gap="2" minW="0">
      <Box role="img" aria-label={description} w="full" minW="0">
        {children}
      </Box>
      <Stack gap="1" fontSize="xs" color="fg.muted">
        {series.map((entry) => (
          <HStack key={entry.label} gap="1.5" align="baseline" minW="0">
            <Box boxSize="2.5" rounded="sm" bg={entry.color} flexShrink={0} aria-hidden />
            <Text minW="0" wordBreak="break-word">
              <Text as="span" fontWeight="medium" color="fg">
                {entry.label}:
              </Text>{' '}
              {entry.values.map(valueText).join(' · ')}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

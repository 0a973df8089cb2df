import { Box, Grid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
}

/** Labelled figures as a description list: label over value on a phone, side by side above. */
export function FigureList({ figures }: { figures: readonly Figure[] }) {
  return (
    <Grid
      as="dl"
      templateColumns={{ base: '1fr', sm: 'minmax(7rem, 2fr) 3fr' }}
      columnGap="4"
      rowGap={{ base: '0', sm: '1.5' }}
      fontSize="sm"
    >
      {figures.map((figure) => (
        <Box key={figure.label} display="contents">
          <Box as="dt" color="fg.muted" minW="0" wordBreak="break-word">
            {figure.label}
          </Box>
          <Box as="dd" minW="0" wordBreak="break-word" mb={{ base: '2', sm: '0' }}>
            {figure.value}
          </Box>
        </Box>
      ))}
    </Grid>
  );
}

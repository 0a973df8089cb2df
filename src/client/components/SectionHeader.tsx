import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionHeaderProps {
  /** The heading's id, which the section names itself by (aria-labelledby). */
  id: string;
  title: string;
  summary: ReactNode;
  /** Buttons on the heading's right, wrapping under it on a phone. */
  actions: ReactNode;
}

/** A step section's heading: its title, one line of what it shows, and its actions. */
export function SectionHeader({ id, title, summary, actions }: SectionHeaderProps) {
  return (
    <Flex align={{ base: 'flex-start', sm: 'center' }} justify="space-between" gap="3" wrap="wrap">
      <Stack gap="1">
        <Heading as="h2" id={id} size="xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {summary}
        </Text>
      </Stack>
      {actions}
    </Flex>
  );
}

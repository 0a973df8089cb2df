import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One card of the report (a sheet's risk, its utility, a column): outlined, named for screen
 * readers by `label`, with `header` (by default `label` as a heading) above its body.
 */
export function ReportCard({
  label,
  header,
  children,
}: {
  label: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root
      variant="outline"
      size={{ base: 'sm', md: 'md' }}
      rounded="xl"
      minW="0"
      role="group"
      aria-label={label}
    >
      <Card.Header pb="2">
        {header ?? (
          <Heading as="h4" size="sm">
            {label}
          </Heading>
        )}
      </Card.Header>
      <Card.Body pt="0">{children}</Card.Body>
    </Card.Root>
  );
}

import {
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Icon,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FileQuestion, Home, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppHeader } from './AppHeader';

export function NotFoundPage() {
  return (
    <Container maxW="4xl" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
      <Stack gap="10">
        <AppHeader />
        <Stack as="main" gap="8" align="center" textAlign="center">
          <Flex
            aria-hidden
            align="center"
            justify="center"
            boxSize="20"
            rounded="full"
            bg="orange.subtle"
            color="orange.fg"
          >
            <Icon boxSize="10">
              <FileQuestion />
            </Icon>
          </Flex>
          <Stack gap="3" maxW="xl">
            <Text fontSize="sm" fontWeight="semibold" color="fg.muted" letterSpacing="widest">
              404
            </Text>
            <Heading as="h2" size="3xl">
              Page Not Found
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              The page you are looking for does not exist or may have been moved.
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" w="full" textAlign="start">
            <Hint icon={<Home />} title="Return to Home">
              Go back to the start page. Files are not kept between visits, so you start again with
              a fresh upload.
            </Hint>
            <Hint icon={<Upload />} title="Upload Your Data">
              Upload a CSV, JSON, Excel (XLSX/XLS) or TSV file to begin.
            </Hint>
          </SimpleGrid>
          <Text color="fg.muted" maxW="2xl">
            Stand-in turns a real dataset into a safe, realistic stand-in. It detects every
            column&apos;s type (text, numbers with their decimal precision, dates and date-times
            with their time zone, emails, phone numbers, booleans, even peptide and protein
            sequences) and replaces the values with realistic fake data in the same format, so the
            result works for testing, development, demos, machine-learning training and
            documentation. Files are processed in memory and never stored.
          </Text>
          <Button asChild colorPalette="teal" size="lg">
            <a href="/">
              <Home /> Go to Home Page
            </a>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}

function Hint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" rounded="xl">
      <Card.Body flexDirection="row" gap="3">
        <Icon color="teal.fg" boxSize="5" mt="0.5">
          {icon}
        </Icon>
        <Box>
          <Heading as="h3" size="sm">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {children}
          </Text>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

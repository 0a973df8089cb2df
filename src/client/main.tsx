import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider, defaultSystem, Heading, Text, Container } from '@chakra-ui/react';

function App() {
  return (
    <Container py="10">
      <Heading size="2xl">Stand-in</Heading>
      <Text>Secure Dataset Anonymization</Text>
    </Container>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ChakraProvider value={defaultSystem}>
        <App />
      </ChakraProvider>
    </StrictMode>,
  );
}

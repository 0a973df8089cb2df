import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import express from 'express';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');

const app = express();
app.disable('x-powered-by');
app.get('/api/health', (_req, res) => {
  res.json({ status: 'ok' });
});
app.use(express.static(clientDir, { index: false }));
app.get('/{*path}', (_req, res) => {
  res.sendFile(path.join(clientDir, 'index.html'));
});

const port = Number(process.env.PORT ?? 3000);
const server = createServer(app);
server.listen(port, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.warn(`Stand-in listening on http://localhost:${actual}`);
});

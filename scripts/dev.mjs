// npm run dev: the API server under `tsx watch` (restarts on change) and the Vite dev server with hot
// reload, which proxies the API and the socket to the server. Stop both with Ctrl+C.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@sbuilding/server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@sbuilding/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_TARGET: `http://localhost:${apiPort}` },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

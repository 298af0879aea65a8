// `npm run dev`: the API server in watch mode on API_PORT, and Vite with hot reload in front of
// it (vite.config.ts proxies /api, /_firebase and /uploads there).
import { spawn, type ChildProcess } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    shutdown();
    process.exitCode = code ?? 0;
  });
  children.push(child);
}

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

run("npx", ["tsx", "watch", "--clear-screen=false", "server/index.ts"], { PORT: apiPort, HOST: "127.0.0.1" });
run("npx", ["vite"], { API_PORT: apiPort });

import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const server = await startServer(config);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received: finishing requests in flight, then closing`);
    // A stuck request must not keep the process from ever ending.
    const force = setTimeout(() => {
      server.app.log.error('graceful shutdown timed out after 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        server.app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// Loaded into the server process by the chat benchmark at scale (node --import), never by the app
// itself: reports process.memoryUsage() to the benchmark over the IPC channel it was spawned with,
// once a second. No endpoint, nothing in the server's code.
if (process.send) {
  const report = () => {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    process.send({ memory: { rss, heapUsed, heapTotal, external, arrayBuffers } });
  };
  setInterval(report, 1000).unref();
  process.channel?.unref();
}

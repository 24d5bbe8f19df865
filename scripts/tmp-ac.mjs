import autocannon from 'autocannon';
const url = process.argv[2];
const r = await autocannon({ url, connections: 50, duration: Number(process.env.D ?? 5) });
console.log(url, Math.round(r.requests.average), 'req/s p99', r.latency.p99, 'non2xx', r.non2xx);

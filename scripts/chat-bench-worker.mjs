// One load-generating process of the chat benchmark at scale (scripts/chat-bench-scale.mjs): its
// share of the rooms, both parties of each, every socket a signed-in user on the WebSocket
// transport. Told over IPC: `connect` (at a paced rate), `send` (a message every `periodMs` each,
// at evenly spread moments, until `endAt`), `report`, `close`.
import { io } from 'socket.io-client';

const { url, localAddress } = JSON.parse(process.argv[2]);
/** @type {{ index: number, bookingId: string, me: { id: string, token: string }, other: { id: string } }[]} */
let parties = [];
const sockets = [];
const latencies = [];
let sent = 0;
let acked = 0;
let refused = 0;
let timedOut = 0;
let delivered = 0;
let duplicates = 0;
let foreign = 0;
let connectErrors = 0;
let disconnects = 0;
/** Sequence numbers seen, per sender party (index): exact counts, duplicates apart. */
const seen = new Map();
let sending = false;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function connectOne(party) {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: party.me.token },
      reconnection: false,
      forceNew: true,
      localAddress,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      connectErrors += 1;
      const cause = error.description?.message ?? error.description?.error?.message ?? '';
      if (connectErrors <= 3) console.error(`connect_error: ${error.message} ${cause}`);
      resolve(undefined);
    });
  });
}

/** Opens the sockets `perSecond` a second, and joins each to its booking's room. */
async function connectAll(perSecond) {
  const started = Date.now();
  await Promise.all(
    parties.map(async (party, i) => {
      await sleep(Math.max(0, started + (i * 1000) / perSecond - Date.now()));
      const socket = await connectOne(party);
      if (!socket) return;
      party.socket = socket;
      sockets.push(socket);
      socket.on('disconnect', (reason) => {
        if (sending) disconnects += 1;
        if (sending && disconnects <= 3) console.error(`disconnect: ${reason}`);
      });
      socket.on('newMessage', (message) => {
        if (message.sender._id === party.me.id) return; // our own echo
        const now = Date.now();
        let body;
        try {
          body = JSON.parse(message.content);
        } catch {
          foreign += 1;
          return;
        }
        if (body.to !== party.index) {
          foreign += 1;
          return;
        }
        let fromSender = seen.get(body.from);
        if (!fromSender) {
          fromSender = new Set();
          seen.set(body.from, fromSender);
        }
        if (fromSender.has(body.n)) {
          duplicates += 1;
          return;
        }
        fromSender.add(body.n);
        delivered += 1;
        latencies.push(now - body.t);
      });
      const joined = await socket
        .timeout(30_000)
        .emitWithAck('joinRoom', { bookingId: party.bookingId })
        .catch((error) => ({ success: false, message: error.message }));
      if (!joined?.success) {
        connectErrors += 1;
        console.error(`joinRoom: ${joined?.message}`);
      }
    }),
  );
  return { connected: sockets.length, connectErrors, ms: Date.now() - started };
}

/**
 * Every party sends a message every `periodMs` from `startAt + offset` until `endAt`: those of
 * rooms whose two sockets are both connected (a message to no one cannot be delivered).
 */
async function sendAll({ startAt, endAt, periodMs }) {
  sending = true;
  const connected = new Set(parties.filter((party) => party.socket).map((party) => party.index));
  await Promise.all(
    parties.map(async (party) => {
      if (!party.socket || !connected.has(party.otherIndex)) return;
      let n = 0;
      for (let at = startAt + party.offsetMs; at < endAt; at += periodMs) {
        await sleep(Math.max(0, at - Date.now()));
        n += 1;
        sent += 1;
        const content = JSON.stringify({ from: party.index, to: party.otherIndex, n, t: Date.now() });
        // Not awaited: the next message goes at its moment whatever the acknowledgement's delay.
        party.socket
          .timeout(30_000)
          .emitWithAck('sendMessage', { bookingId: party.bookingId, receiver: party.other.id, content })
          .then(
            (ack) => {
              if (ack?.success) acked += 1;
              else {
                refused += 1;
                if (refused <= 3) console.error(`sendMessage refused: ${ack?.code} ${ack?.message}`);
              }
            },
            () => {
              timedOut += 1;
            },
          );
      }
    }),
  );
}

process.on('message', async (command) => {
  if (command.type === 'parties') {
    parties = command.parties;
    process.send({ type: 'ready' });
  } else if (command.type === 'connect') {
    process.send({ type: 'connected', ...(await connectAll(command.perSecond)) });
  } else if (command.type === 'send') {
    await sendAll(command);
    process.send({ type: 'sent' });
  } else if (command.type === 'report') {
    process.send({
      type: 'report',
      sent,
      acked,
      refused,
      timedOut,
      delivered,
      duplicates,
      foreign,
      disconnects,
      latencies,
    });
  } else if (command.type === 'close') {
    sending = false;
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});

/* Remote play's transport (issue 30; docs/architecture.md, "Remote play: transport"): WebRTC data
 * channels between two players' pages, with no server. Loaded by web/page.js (import()) only when
 * the worker sends its first ["rtc", ...] operation: nothing here loads for local play.
 *
 * The worker (web/railtable_web/rtc.py) drives it with operations ["rtc", command, peer, payload]:
 *   offer  {stun}       host: a new connection, its offer SDP (event "sdp")
 *   answer {sdp, stun}  guest: takes the host's offer, makes the answer SDP (event "sdp")
 *   accept {sdp}        host: takes the guest's answer; the channel opens (event "open")
 *   send   text         one message (any length: split into frames of FRAME chars, joined there)
 *   close               closes the connection (no event)
 *   limits {maxIn, perSecond, openMs}  this peer's bounds (before or after its offer/answer)
 * and hears back {kind: "rtc", event, peer, data}: sdp {type, sdp}, open, message (text),
 * closed {why}, failed {why: "no-path" | "bad-sdp" | "unsupported" | "error", detail?},
 * refused {why: "too-big" | "binary" | "bad-frame", size}, flood {dropped}.
 *
 * ICE is not trickled: the SDP is sent once every candidate is gathered (at most GATHER_MS), since
 * the players carry it by hand, once. Each handler does a few small steps: nothing here holds the
 * main thread for more than a millisecond or so (a 100 KB message is split or joined in one go).
 */

// A public STUN server (it tells a browser its address as seen from the Internet, so that two
// homes behind routers can connect). Used ONLY when the players turn on the setting for it: off,
// the page talks to no other host, and only browsers on the same network connect.
const STUN_SERVER = "stun:stun.l.google.com:19302";
const GATHER_MS = 3000; // the longest wait for candidates before the SDP is given as it is
const OPEN_MS = 15000; // host: after accept, the channel opens within this or "failed" no-path
const ANSWER_OPEN_MS = 120000; // guest: its reply code travels to the host by hand first
const DISCONNECT_GRACE_MS = 4000; // "disconnected" this long (no recovery) means the other side is gone
const FRAME = 16000; // characters per frame: under every browser's SCTP message limit
const MAX_BUFFERED = 8 * 1024 * 1024; // bytes queued on the channel beyond which the peer is stalled
const DEFAULTS = { maxIn: 65536, perSecond: 50, openMs: 0 };
// Frames: "=" + text (a whole message, or the last piece of one), "+" + text (a piece, more follows).
const WHOLE = "=";
const PIECE = "+";

let post = () => {};
const peers = new Map(); // peer id -> state (below)
const limits = new Map(); // peer id -> {maxIn, perSecond, openMs}: set before or after the connection

/** Where events go (web/page.js's send to the worker). */
export function connect(sender) {
  post = sender;
}

function tell(peer, event, data = null) {
  post({ kind: "rtc", event, peer, data });
}

function boundsOf(peer) {
  return { ...DEFAULTS, ...(limits.get(peer) || {}) };
}

/** Apply one operation ["rtc", command, peer, payload]. */
export function handle(op) {
  const [, command, peer, payload] = op;
  if (typeof peer !== "string") return;
  const failed = (error) => fail(peer, "error", String(error));
  try {
    if (command === "offer") open(peer, payload || {}, null).catch(failed);
    else if (command === "answer") open(peer, payload || {}, String((payload || {}).sdp || "")).catch(failed);
    else if (command === "accept") accept(peer, String((payload || {}).sdp || "")).catch(failed);
    else if (command === "send") send(peer, String(payload));
    else if (command === "close") drop(peer);
    else if (command === "limits") setLimits(peer, payload || {});
  } catch (error) {
    failed(error);
  }
}

function setLimits(peer, given) {
  const kept = { ...(limits.get(peer) || {}) };
  for (const key of Object.keys(DEFAULTS)) {
    if (Number.isInteger(given[key]) && given[key] >= 0) kept[key] = given[key];
  }
  limits.set(peer, kept);
  const state = peers.get(peer);
  if (state) state.bounds = boundsOf(peer);
}

// ---- connecting ------------------------------------------------------------------------------------
async function open(peer, { stun }, offerSdp) {
  drop(peer); // a rejoin replaces the old connection
  if (typeof RTCPeerConnection === "undefined") return fail(peer, "unsupported");
  const pc = new RTCPeerConnection({ iceServers: stun === true ? [{ urls: STUN_SERVER }] : [] });
  // Negotiated on both sides (same id): no in-band announcement, open as soon as SCTP is up.
  const channel = pc.createDataChannel("railtable", { negotiated: true, id: 0, ordered: true });
  const state = {
    pc, channel, bounds: boundsOf(peer), timer: null, graceTimer: null, outbox: [],
    parts: [], partSize: 0, discarding: false, // a message arriving in pieces
    second: 0, count: 0, dropped: 0, floodToldAt: -Infinity, floodTimer: null, // the flood guard
  };
  peers.set(peer, state);
  watch(peer, state);
  try {
    if (offerSdp === null) {
      await pc.setLocalDescription(await pc.createOffer());
    } else {
      try {
        await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
      } catch (error) {
        return fail(peer, "bad-sdp", String(error));
      }
      await pc.setLocalDescription(await pc.createAnswer());
      arm(peer, state, state.bounds.openMs || ANSWER_OPEN_MS);
    }
    await gathered(pc);
  } catch (error) {
    return fail(peer, "error", String(error));
  }
  if (peers.get(peer) !== state) return; // closed meanwhile
  tell(peer, "sdp", { type: pc.localDescription.type, sdp: pc.localDescription.sdp });
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

async function accept(peer, answerSdp) {
  const state = peers.get(peer);
  if (!state || state.pc.signalingState !== "have-local-offer") return fail(peer, "error", "no offer awaits an answer");
  try {
    await state.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  } catch (error) {
    return fail(peer, "bad-sdp", String(error));
  }
  arm(peer, state, state.bounds.openMs || OPEN_MS);
}

/** The channel opens within ``ms`` or the connection has failed: never a wait without end. */
function arm(peer, state, ms) {
  clearTimeout(state.timer);
  // The channel may have opened already: on a quick network its open event can come before the
  // answer's setRemoteDescription resolves, and a timer armed then closed a playing friend 15 s later.
  if (state.opened) return;
  state.timer = setTimeout(() => peers.get(peer) === state && !state.opened && fail(peer, "no-path"), ms);
}

function watch(peer, state) {
  const { pc, channel } = state;
  channel.onopen = () => {
    if (peers.get(peer) !== state) return;
    clearTimeout(state.timer);
    state.opened = true;
    tell(peer, "open");
    for (const frame of state.outbox.splice(0)) channel.send(frame);
  };
  channel.onclose = () => gone(peer, state, "channel-closed");
  channel.onmessage = (event) => receive(peer, state, event.data);
  pc.onconnectionstatechange = () => {
    if (peers.get(peer) !== state) return;
    const now = pc.connectionState;
    clearTimeout(state.graceTimer);
    if (now === "failed") gone(peer, state, "connection-failed");
    else if (now === "disconnected") state.graceTimer = setTimeout(() => pc.connectionState === "disconnected" && gone(peer, state, "disconnected"), DISCONNECT_GRACE_MS);
  };
}

/** The connection ended: "closed" once it had opened, "failed" no-path before that. */
function gone(peer, state, why) {
  if (peers.get(peer) !== state) return;
  if (state.opened) {
    drop(peer);
    tell(peer, "closed", { why });
  } else {
    fail(peer, "no-path", why);
  }
}

function fail(peer, why, detail) {
  drop(peer);
  tell(peer, "failed", detail ? { why, detail } : { why });
}

function drop(peer) {
  const state = peers.get(peer);
  if (!state) return;
  peers.delete(peer);
  clearTimeout(state.timer);
  clearTimeout(state.graceTimer);
  clearTimeout(state.floodTimer);
  state.channel.onclose = state.channel.onmessage = state.channel.onopen = null;
  state.pc.onconnectionstatechange = null;
  state.pc.close();
}

// ---- messages --------------------------------------------------------------------------------------
function send(peer, text) {
  const state = peers.get(peer);
  if (!state) return tell(peer, "closed", { why: "not-connected" });
  const frames = [];
  let at = 0;
  for (; text.length - at > FRAME; at += FRAME) frames.push(PIECE + text.slice(at, at + FRAME));
  frames.push(WHOLE + text.slice(at));
  if (!state.opened) {
    state.outbox.push(...frames);
    return;
  }
  if (state.channel.bufferedAmount + text.length * 3 > MAX_BUFFERED) return gone(peer, state, "stalled");
  for (const frame of frames) state.channel.send(frame);
}

/** One frame from the other side. Only text; a message is at most maxIn characters, pieces
 * included (a piece that would pass it is dropped with what came before, and so is the rest of
 * that message): a hostile peer cannot make this page hold more. */
function receive(peer, state, frame) {
  const { maxIn, perSecond } = state.bounds;
  if (typeof frame !== "string") return tell(peer, "refused", { why: "binary", size: frame.byteLength || frame.size || 0 });
  const mark = frame[0];
  if (mark !== WHOLE && mark !== PIECE) return tell(peer, "refused", { why: "bad-frame", size: frame.length });
  const size = state.partSize + frame.length - 1;
  if (state.discarding || size > maxIn) {
    if (!state.discarding) tell(peer, "refused", { why: "too-big", size });
    state.discarding = mark === PIECE; // the next message starts after this one's last piece
    state.parts = [];
    state.partSize = 0;
    return;
  }
  if (mark === PIECE) {
    state.parts.push(frame.slice(1));
    state.partSize = size;
    return;
  }
  const text = state.parts.length ? state.parts.join("") + frame.slice(1) : frame.slice(1);
  state.parts = [];
  state.partSize = 0;
  const now = performance.now();
  const second = Math.floor(now / 1000);
  if (second !== state.second) {
    state.second = second;
    state.count = 0;
  }
  if (++state.count > perSecond) {
    state.dropped += 1;
    if (state.floodTimer === null) state.floodTimer = setTimeout(() => flood(peer, state), Math.max(0, state.floodToldAt + 1000 - now));
    return;
  }
  tell(peer, "message", text);
}

/** Say how many messages were dropped since the last time: at most once a second. */
function flood(peer, state) {
  state.floodTimer = null;
  if (peers.get(peer) !== state || !state.dropped) return;
  state.floodToldAt = performance.now();
  tell(peer, "flood", { dropped: state.dropped });
  state.dropped = 0;
}

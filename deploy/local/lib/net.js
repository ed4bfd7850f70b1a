'use strict';
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/**
 * A port nobody listens on right now. Picked at random below the kernel's ephemeral range
 * (32768 and up on Linux), where the client side of every outgoing connection, and the kernel's
 * own picks for other processes, take their ports: a port handed out there and released could be
 * taken again before our server binds it (seen once as a service of one test stack starting on a
 * port another had just taken).
 */
async function freePort(attempts = 50) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 10000);
    if ((await canListen(port)) && claim(port)) return port;
  }
  throw new Error('no free port found between 20000 and 29999');
}

/**
 * Two processes picking at the same moment (parallel test workers, each starting a stack) could
 * both find one port free before either binds it (seen once: auth of one stack failed on a port
 * another stack's service had just taken). A claim file per port, made exclusively, hands a port
 * to one of them; claims older than CLAIM_MS are stale, since a server binds within seconds.
 */
const CLAIMS_DIR = path.join(os.tmpdir(), 'tax-portal-port-claims');
const CLAIM_MS = 10 * 60_000;

function claim(port) {
  fs.mkdirSync(CLAIMS_DIR, { recursive: true });
  const file = path.join(CLAIMS_DIR, String(port));
  try {
    fs.closeSync(fs.openSync(file, 'wx'));
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    if (Date.now() - fs.statSync(file).mtimeMs < CLAIM_MS) return false;
    fs.utimesSync(file, new Date(), new Date()); // stale: this process takes it over
    return true;
  }
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function portAnswers(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Resolves with the check's first truthy answer. */
async function waitFor(check, { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

function httpStatus(url, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

module.exports = { freePort, portAnswers, waitFor, httpStatus };

'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

/**
 * Development secrets, generated once into .data/keys so tokens survive a restart. Production
 * passes its own through the environment and never uses these.
 */
function ensureDevSecrets(dataDir) {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  const secretPath = path.join(dir, 'service-secret');
  const adminPasswordPath = path.join(dir, 'admin-password');
  if (!fs.existsSync(privatePath)) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    fs.writeFileSync(privatePath, privateKey, { mode: 0o600 });
    fs.writeFileSync(publicPath, publicKey);
  }
  if (!fs.existsSync(secretPath)) fs.writeFileSync(secretPath, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  if (!fs.existsSync(adminPasswordPath)) fs.writeFileSync(adminPasswordPath, crypto.randomBytes(9).toString('base64url'), { mode: 0o600 });
  return {
    JWT_PRIVATE_KEY: fs.readFileSync(privatePath, 'utf8'),
    JWT_PUBLIC_KEY: fs.readFileSync(publicPath, 'utf8'),
    SERVICE_SECRET: fs.readFileSync(secretPath, 'utf8').trim(),
    ADMIN_PASSWORD: fs.readFileSync(adminPasswordPath, 'utf8').trim(),
  };
}

module.exports = { ensureDevSecrets };

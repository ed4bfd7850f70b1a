'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

/**
 * Development secrets, generated once into .data/keys so tokens and desktop licences survive a restart. They are
 * defaults only: whatever the environment sets wins over them (see devDefaults). Production
 * passes its own through the environment and never uses these.
 */
function ensureDevSecrets(dataDir) {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  const secretPath = path.join(dir, 'service-secret');
  const adminPasswordPath = path.join(dir, 'admin-password');
  const licensePath = path.join(dir, 'license-ed25519.pem');
  if (!fs.existsSync(privatePath)) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    fs.writeFileSync(privatePath, privateKey, { mode: 0o600 });
    fs.writeFileSync(publicPath, publicKey);
  }
  if (!fs.existsSync(licensePath)) {
    const { privateKey } = crypto.generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    fs.writeFileSync(licensePath, privateKey, { mode: 0o600 });
  }
  if (!fs.existsSync(secretPath)) fs.writeFileSync(secretPath, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  if (!fs.existsSync(adminPasswordPath)) fs.writeFileSync(adminPasswordPath, crypto.randomBytes(9).toString('base64url'), { mode: 0o600 });
  return {
    JWT_PRIVATE_KEY: fs.readFileSync(privatePath, 'utf8'),
    JWT_PUBLIC_KEY: fs.readFileSync(publicPath, 'utf8'),
    SERVICE_SECRET: fs.readFileSync(secretPath, 'utf8').trim(),
    ADMIN_PASSWORD: fs.readFileSync(adminPasswordPath, 'utf8').trim(),
    LICENSE_SIGNING_KEY: fs.readFileSync(licensePath, 'utf8'),
  };
}

/**
 * The settings `npm start` fills in when the environment leaves them out: the generated key pair
 * and service secret, and a first admin whose password was generated into .data/keys. A setting
 * the environment gives is never replaced, and the key pair and the admin come as pairs, so a
 * configured half is never matched with a generated half.
 */
function devDefaults(env, dataDir) {
  const generated = ensureDevSecrets(dataDir);
  return {
    ...(!env.JWT_PRIVATE_KEY &&
      !env.JWT_PUBLIC_KEY && { JWT_PRIVATE_KEY: generated.JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: generated.JWT_PUBLIC_KEY }),
    ...(!env.SERVICE_SECRET && { SERVICE_SECRET: generated.SERVICE_SECRET }),
    ...(!env.LICENSE_SIGNING_KEY && { LICENSE_SIGNING_KEY: generated.LICENSE_SIGNING_KEY }),
    ...(!env.ADMIN_EMAIL && !env.ADMIN_PASSWORD && { ADMIN_EMAIL: 'admin@portal.local', ADMIN_PASSWORD: generated.ADMIN_PASSWORD }),
  };
}

module.exports = { devDefaults };

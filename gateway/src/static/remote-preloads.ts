import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What this reads of a remote's mf-manifest.json, the file Module Federation writes for hosts that preload. */
interface FederationManifest {
  metaData: { publicPath: string; remoteEntry: { name: string } };
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

const preload = (href: string, as: 'script' | 'style') =>
  `<link rel="preload" href="${href}" as="${as}"${as === 'script' ? ' fetchpriority="low"' : ''}>`;

/**
 * Reads a remote's build manifest once and answers, for one of its modules, preload tags for the
 * files the module needs before it runs, and for the remote's entry unless the shell's index.html
 * names it already (the portal's); no tags when the remote is not built. Named in the page, they
 * download beside the shell's own scripts, not one after another as each script finds the next.
 * The federation runtime adds its script tags without crossorigin, so these match and are reused.
 * Scripts are asked at low priority, as the script tags they stand for would be: at a preload's
 * default (High) the shell's first paint, a spinner with its label, waited on them, and
 * Lighthouse's simulation counted them as blocking it (frontends/webpack.common.js, startupFiles).
 */
export async function remotePreloads(remoteDir: string, { entry = true } = {}): Promise<(exposed: string) => string> {
  let manifest: FederationManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(remoteDir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  } catch {
    return () => '';
  }
  const { publicPath, remoteEntry } = manifest.metaData;
  return (exposed) => {
    const assets = manifest.exposes.find((expose) => expose.path === exposed)?.assets;
    return [
      ...(entry ? [preload(`${publicPath}${remoteEntry.name}`, 'script')] : []),
      ...(assets?.js.sync ?? []).map((file) => preload(`${publicPath}${file}`, 'script')),
      ...(assets?.css.sync ?? []).map((file) => preload(`${publicPath}${file}`, 'style')),
    ].join('');
  };
}

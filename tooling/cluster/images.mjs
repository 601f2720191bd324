/**
 * The container images of the production topology (./images/): one Dockerfile per service, built from
 * its workspace and the workspaces it depends on, and the static origins' nginx image.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROBES, ROOT } from './topology.mjs';
import { CLUSTER, CLUSTER_ONLY_ENV, EXTRA_RUNTIME, HEADER, IMAGES_DIR, MOUNTS, RUNTIME_PATHS, deployOrigin } from './k8s-values.mjs';

/** Workspace folders of the root package.json, sorted, each with its package.json. */
export function workspaces() {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const dirs = new Set();
  for (const pattern of root.workspaces) {
    if (!pattern.includes('*')) dirs.add(pattern);
    else {
      const parent = path.posix.dirname(pattern) === '.' ? '' : path.posix.dirname(pattern);
      const prefix = path.posix.basename(pattern).replace(/\*$/, '');
      if (!/^[^*]*\*?$/.test(path.posix.basename(pattern))) throw new Error(`workspace pattern ${pattern} not understood by tooling/cluster/manifests.mjs`);
      for (const d of fs.readdirSync(path.join(ROOT, parent))) if (d.startsWith(prefix)) dirs.add(parent ? `${parent}/${d}` : d);
    }
  }
  return [...dirs].filter((d) => fs.existsSync(path.join(ROOT, d, 'package.json'))).sort()
    .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) }));
}

/** Workspaces `dirs` need: their workspace dependencies, transitively (devDependencies too with `dev`). */
export function closure(all, dirs, { dev = false } = {}) {
  const byName = new Map(all.map((w) => [w.pkg.name, w]));
  const seen = new Set();
  const visit = (dir) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const { pkg } = all.find((w) => w.dir === dir);
    for (const name of Object.keys({ ...pkg.dependencies, ...(dev ? pkg.devDependencies : {}) })) if (byName.has(name)) visit(byName.get(name).dir);
  };
  dirs.forEach(visit);
  return [...seen].sort();
}

export const workspaceOf = (all, file) => {
  const w = all.filter((x) => file.startsWith(`${x.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0];
  if (!w) throw new Error(`${file} is in no workspace`);
  return w.dir;
};

/** Drops folders inside another listed folder (tooling/kit inside tooling). */
export const outermost = (dirs) => dirs.filter((d) => !dirs.some((o) => o !== d && d.startsWith(`${o}/`)));
export const exists = (p) => fs.existsSync(path.join(ROOT, p));
export const cacheMount = 'RUN --mount=type=cache,target=/root/.npm';
export const wsFlags = (dirs) => dirs.map((d) => `--workspace ${d}`).join(' ');

/** The deps stage every node image starts from: the lockfile and every workspace's package.json. */
export function depsStage(all) {
  return [
    '# deps: the lockfile and every workspace\'s package.json (npm ci checks the lockfile against all of them)',
    'FROM node:20-bookworm-slim AS deps',
    'WORKDIR /app',
    `COPY package.json package-lock.json${exists('.npmrc') ? ' .npmrc' : ''} ./`,
    ...all.map((w) => `COPY ${w.dir}/package.json ${w.dir}/`),
  ];
}

/** Build stage (when the service's workspace has a build script): npm ci of its build closure, then build. */
export function buildStage(all, dirs) {
  const need = closure(all, dirs, { dev: true });
  return [
    '',
    '# build: the workspaces the build needs (devDependencies included), then the build',
    'FROM deps AS build',
    `${cacheMount} npm ci ${wsFlags(need)}`,
    ...outermost(need).map((d) => `COPY ${d} ${d}`),
    `RUN npm run build ${wsFlags(dirs)}`,
  ];
}

export const healthcheck = (port, probe) => `HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:${port}${probe}').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]`;

/** Dockerfile of one service (balanced or single). */
export function serviceDockerfile(s, all) {
  const main = workspaceOf(all, s.command[0]);
  const hasBuild = Boolean(all.find((w) => w.dir === main).pkg.scripts?.build);
  const runtime = closure(all, [main]);
  const extra = EXTRA_RUNTIME[s.name] || { paths: [], links: {} };
  const bind = CLUSTER_ONLY_ENV[s.name] || {};
  const argv = s.runtime === 'tsx' ? ['node', '--import', 'tsx', ...s.command] : ['node', ...s.command];
  const copies = [];
  // a workspace with a build ships its dist/, its workspace dependencies bundled in; else every one's sources
  for (const dir of hasBuild ? [main] : runtime) {
    for (const p of RUNTIME_PATHS[dir] || ['src']) if (exists(`${dir}/${p}`)) copies.push(`COPY ${dir}/${p} ${dir}/${p}`);
  }
  for (const p of extra.paths) copies.push(`COPY ${p} ${p}`);
  const env = { [s.portEnv]: String(s.port), ...Object.fromEntries(Object.entries(bind).filter(([k]) => /HOST$|BIND$/.test(k))) };
  return [
    '# syntax=docker/dockerfile:1.7',
    `# ${HEADER}`,
    `# ${s.name}: ${s.runtime} ${s.command.join(' ')} on :${s.port} (${s.portEnv}). Build from the repository root:`,
    `#   docker build -f ${IMAGES_DIR}/${s.name}.Dockerfile -t ${CLUSTER.image(s.name)} .`,
    '',
    ...depsStage(all),
    ...(hasBuild ? buildStage(all, [main]) : []),
    '',
    '# assemble: production dependencies of the workspaces it runs, and only the files that run',
    'FROM deps AS assemble',
    `${cacheMount} npm ci --omit=dev ${wsFlags(runtime)}`,
    ...copies,
    ...(hasBuild ? [`COPY --from=build /app/${main}/dist ${main}/dist`] : []),
    ...Object.entries(extra.links).map(([name, target]) => `RUN mkdir -p ${path.posix.dirname(`node_modules/${name}`)} && ln -sfn ${path.posix.relative(path.posix.dirname(`node_modules/${name}`), target)} node_modules/${name}`),
    '',
    'FROM node:20-bookworm-slim',
    'WORKDIR /app',
    `ENV ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')}`,
    'COPY --from=assemble /app /app',
    'USER node',
    `EXPOSE ${s.port}`,
    healthcheck(s.port, PROBES.live),
    `CMD ${JSON.stringify(argv).replace(/","/g, '", "')}`,
    '',
  ].join('\n');
}

/** Dockerfile of the static origins: the remotes built with node, served by Debian's nginx (+ brotli). */
export function staticDockerfile(topology, all) {
  const remotes = topology.statics.filter((o) => o.kind === 'remote').map((o) => o.name).sort();
  const deploy = deployOrigin(topology);
  const ports = [...topology.statics].map((o) => o.port).sort((a, b) => a - b);
  return [
    '# syntax=docker/dockerfile:1.7',
    `# ${HEADER}`,
    `# static: the remotes' builds (${remotes.length}) and the deploy store (a volume at ${MOUNTS.deploy}), one nginx, one port per origin.`,
    `#   docker build -f ${IMAGES_DIR}/static.Dockerfile -t ${CLUSTER.image('static')} .`,
    '',
    ...depsStage(all),
    ...buildStage(all, remotes),
    '',
    'FROM debian:bookworm-slim',
    'RUN apt-get update \\',
    '  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static curl \\',
    '  && rm -rf /var/lib/apt/lists/*',
    `COPY ${IMAGES_DIR}/static-nginx.conf /etc/nginx/nginx.conf`,
    `COPY ${IMAGES_DIR}/static-cors.conf /etc/nginx/cors.conf`,
    ...remotes.map((r) => `COPY --from=build /app/${r}/dist ${MOUNTS.remotes}/${r}`),
    `RUN mkdir -p ${MOUNTS.deploy}`,
    'USER www-data',
    `EXPOSE ${ports.join(' ')}`,
    `HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1:${deploy.port}/health"]`,
    'ENTRYPOINT []',
    'CMD ["nginx", "-e", "stderr", "-c", "/etc/nginx/nginx.conf"]',
    '',
  ].join('\n');
}

export const DOCKERIGNORE = [`# ${HEADER}`, '**/node_modules', '**/dist', '**/.turbo', '**/coverage', '.git', '.data', '.deploy', '.cache', '**/*.log', ''].join('\n');


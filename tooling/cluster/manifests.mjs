#!/usr/bin/env node
/**
 * `npm run cluster:manifests`: the container images (./images/) and Kubernetes manifests (./k8s/) of
 * the production topology, GENERATED from ./topology.mjs — the data `npm run start:cluster` runs — so
 * the two cannot drift. tooling/test/cluster-manifests.test.js fails when the committed files differ
 * from a fresh generation, or when a port, probe or variable differs between the YAML and the topology
 * (`compareManifests`). `--check`: write nothing, exit 1 when the committed files are out of date.
 *
 * What the topology says, and what the cluster puts in its place:
 *   HAProxy over replicas    -> a Service per balanced service (the Ingress controller for public hosts),
 *                               a Deployment of 2 replicas, an HPA (2..10 at 70 % CPU), a PDB (minAvailable 1)
 *   single services          -> a Deployment of 1 replica and a Service
 *   nginx static origins     -> one nginx image (the remotes' builds baked in, the deploy store on a volume)
 *   env                      -> a ConfigMap per service (values rewritten: `http://127.0.0.1:<port>` of a
 *                               service -> its Service DNS name, `http://localhost:<port>` of a public one ->
 *                               its public host placeholder, files -> container paths) and a Secret for
 *                               SECRET_VARIABLES (placeholders REPLACE_ME); the port variable in the ConfigMap
 *   probes /livez, /readyz   -> livenessProbe / readinessProbe httpGet on the container port
 * A topology value this file has no cluster equivalent for (a new localhost URL, a new file) throws:
 * add a rule to `clusterValue`.
 *
 * Never built or applied on the machine that generated them (no container runtime there): see
 * tooling/README.md "Cluster manifests".
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document } from 'yaml';
import { PROBES, ROOT } from './topology.mjs';
import { nginxConfig } from './configs.mjs';
import {
  BALANCED_REPLICAS, CLUSTER, CLUSTER_ONLY_ENV, GRACE_SECONDS, HEADER, HPA, IMAGES_DIR, K8S_DIR, MOUNTS, NOTES, REGENERATE, RESOURCES, UID, deployOrigin, manifestTopology, publicHost, serviceEnv, servicesOf, staticRoot,
} from './k8s-values.mjs';
import { serviceDockerfile, staticDockerfile, workspaces, DOCKERIGNORE } from './images.mjs';
// What callers of the generator use, in one import.
export { CLUSTER, CLUSTER_ONLY_ENV, HEADER, IMAGES_DIR, K8S_DIR, NOTES, SECRET_VARIABLES, clusterValue, manifestTopology, serviceEnv } from './k8s-values.mjs';
export { compareManifests, parseManifests, readCommitted } from './drift.mjs';

// ---------------------------------------------------------------------------------------------------
// Kubernetes objects

const labels = (name, component) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'storefront', 'app.kubernetes.io/component': component });
const selector = (name) => ({ 'app.kubernetes.io/name': name });
const checksum = (value) => createHash('sha256').update(JSON.stringify(sortDeep(value))).digest('hex');
function sortDeep(v) {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortDeep(v[k])]));
  return v;
}

/**
 * The edge's base remote map in the cluster: empty. Every remote's version comes from the deploy
 * store's environment pointer (REMOTES_POINTER, written by `npm run release`), so a squad's release
 * never touches these manifests.
 */
function clusterRemoteMap() {
  return {};
}

const securityContext = (uid) => ({
  pod: { runAsNonRoot: true, runAsUser: uid, runAsGroup: uid, fsGroup: uid, seccompProfile: { type: 'RuntimeDefault' } },
  container: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
});

const httpProbe = (probePath, port, o) => ({ httpGet: { path: probePath, port }, ...o });

/** A pod's volumes and the container's mounts: /tmp, and the files, deploy store and data its config names. */
function podVolumes(name, values, hasFiles) {
  const volumes = [{ name: 'tmp', emptyDir: {} }];
  const mounts = [{ name: 'tmp', mountPath: '/tmp' }];
  if (hasFiles) {
    volumes.push({ name: 'files', configMap: { name: `${name}-files` } });
    mounts.push({ name: 'files', mountPath: MOUNTS.files, readOnly: true });
  }
  if (values.some((v) => v.startsWith(`${MOUNTS.deploy}/`))) {
    volumes.push({ name: 'deploy-store', persistentVolumeClaim: { claimName: 'deploy-store', readOnly: true } });
    mounts.push({ name: 'deploy-store', mountPath: MOUNTS.deploy, readOnly: true });
  }
  if (values.some((v) => v.startsWith(`${MOUNTS.data}/`))) {
    volumes.push({ name: 'data', emptyDir: {} });
    mounts.push({ name: 'data', mountPath: MOUNTS.data });
  }
  return { volumes, mounts };
}

/** A balanced service's HorizontalPodAutoscaler and PodDisruptionBudget. */
function scalingDocuments(name, meta) {
  return [{
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: meta(name),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: HPA.min,
      maxReplicas: HPA.max,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: HPA.cpu } } }],
    },
  }, {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(name),
    spec: { minAvailable: 1, selector: { matchLabels: selector(name) } },
  }];
}

/** The documents of one service's YAML file. */
function serviceDocuments(s, topology) {
  const { config, secret } = serviceEnv(s, topology);
  const hasSecret = Object.keys(secret).length > 0;
  const extraEnv = CLUSTER_ONLY_ENV[s.name];
  if (!extraEnv) throw new Error(`${s.name}: no entry in CLUSTER_ONLY_ENV (tooling/cluster/k8s-values.mjs): how does it listen on 0.0.0.0 in a pod?`);
  const component = s.kind;
  const meta = (name) => ({ name, labels: labels(s.name, component) });
  const files = Object.values(config).some((v) => v.startsWith(`${MOUNTS.files}/`)) ? { 'remotes.json': `${JSON.stringify(clusterRemoteMap(), null, 2)}\n` } : null;
  const { volumes, mounts } = podVolumes(s.name, Object.values(config), Boolean(files));
  const sec = securityContext(UID.node);
  const balanced = s.kind === 'balanced';
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(s.name),
    spec: {
      replicas: balanced ? BALANCED_REPLICAS : 1,
      revisionHistoryLimit: 5,
      selector: { matchLabels: selector(s.name) },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: labels(s.name, component),
          annotations: { 'storefront/config-checksum': checksum({ config, files, secretKeys: Object.keys(secret).sort() }) },
        },
        spec: {
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: GRACE_SECONDS,
          securityContext: sec.pod,
          containers: [{
            name: s.name,
            image: CLUSTER.image(s.name),
            imagePullPolicy: 'IfNotPresent',
            ports: [{ name: 'http', containerPort: s.port, protocol: 'TCP' }],
            envFrom: [{ configMapRef: { name: `${s.name}-config` } }, ...(hasSecret ? [{ secretRef: { name: `${s.name}-secret` } }] : [])],
            ...(Object.keys(extraEnv).length ? { env: Object.keys(extraEnv).sort().map((name) => ({ name, value: extraEnv[name] })) } : {}),
            startupProbe: httpProbe(PROBES.live, s.port, { periodSeconds: 2, timeoutSeconds: 2, failureThreshold: 60 }),
            livenessProbe: httpProbe(PROBES.live, s.port, { periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 3 }),
            readinessProbe: httpProbe(PROBES.ready, s.port, { periodSeconds: 2, timeoutSeconds: 1, failureThreshold: 1, successThreshold: 1 }),
            resources: RESOURCES[s.name] || RESOURCES.default,
            securityContext: sec.container,
            volumeMounts: mounts,
          }],
          volumes,
        },
      },
    },
  };
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(s.name),
    spec: { type: 'ClusterIP', selector: selector(s.name), ports: [{ name: 'http', port: s.port, targetPort: 'http', protocol: 'TCP' }] },
  };
  const docs = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(`${s.name}-config`), data: config },
    ...(hasSecret ? [{ apiVersion: 'v1', kind: 'Secret', metadata: meta(`${s.name}-secret`), type: 'Opaque', stringData: secret }] : []),
    ...(files ? [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(`${s.name}-files`), data: files }] : []),
    deployment,
    service,
  ];
  if (balanced) docs.push(...scalingDocuments(s.name, meta));
  return docs;
}


/**
 * nginx.conf and cors.conf of the static image: one nginx, one server block per static origin, each
 * rendered by configs.mjs's nginxConfig (same cache policy, gzip + brotli, CORS for the storefront)
 * and listening on all interfaces.
 */
export function staticNginx(topology) {
  const storefrontOrigin = `https://${publicHost('edge')}`;
  let head;
  let cors;
  let modules;
  const servers = [];
  for (const o of topology.statics) {
    const out = nginxConfig({ ...o, root: staticRoot(o) }, { runDir: '/tmp', storefrontOrigin, brotli: true });
    const lines = out['nginx.conf'].trimEnd().split('\n');
    const http = lines.indexOf('http {');
    const server = lines.indexOf('  server {');
    if (http < 0 || server < 0 || lines.at(-1) !== '}' || lines.at(-2) !== '  }') throw new Error('configs.mjs nginxConfig changed shape: update staticNginx in tooling/cluster/manifests.mjs');
    const h = lines.slice(http + 1, server).join('\n');
    if (head !== undefined && h !== head) throw new Error(`nginxConfig's http block differs between static origins (${o.name}): one nginx cannot serve them all`);
    head = h;
    cors = out['cors.conf'];
    modules = lines.filter((l) => l.startsWith('load_module '));
    servers.push(...lines.slice(server, -1).map((l) => l.replace(/^(\s*listen )127\.0\.0\.1:/, '$1')));
  }
  const conf = [
    `# ${HEADER}`,
    '# The static origins of the topology (remotes\' builds, deploy store), one server block each, from configs.mjs.',
    ...modules,
    'daemon off;',
    'worker_processes auto;',
    'pid /tmp/nginx.pid;',
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    head,
    ...servers,
    '}',
  ];
  return { 'nginx.conf': `${conf.join('\n')}\n`, 'cors.conf': `# ${HEADER}\n${cors}` };
}

function staticDocuments(topology) {
  const origins = [...topology.statics].sort((a, b) => a.port - b.port);
  const deploy = deployOrigin(topology);
  const nginx = staticNginx(topology);
  const sec = securityContext(UID.static);
  const meta = (name) => ({ name, labels: labels('static', 'static') });
  const portName = (o) => `http-${o.port}`;
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('static-nginx'), data: nginx },
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta('deploy-store'),
      // written by the release tool (tooling/deploy), read by nginx and the edge (REMOTES_POINTER)
      spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } } },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta('static'),
      spec: {
        replicas: BALANCED_REPLICAS,
        revisionHistoryLimit: 5,
        selector: { matchLabels: selector('static') },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
        template: {
          metadata: { labels: labels('static', 'static'), annotations: { 'storefront/config-checksum': checksum(nginx) } },
          spec: {
            automountServiceAccountToken: false,
            terminationGracePeriodSeconds: GRACE_SECONDS,
            securityContext: sec.pod,
            containers: [{
              name: 'static',
              image: CLUSTER.image('static'),
              imagePullPolicy: 'IfNotPresent',
              ports: origins.map((o) => ({ name: portName(o), containerPort: o.port, protocol: 'TCP' })),
              livenessProbe: httpProbe('/health', deploy.port, { periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 3 }),
              readinessProbe: httpProbe('/health', deploy.port, { periodSeconds: 5, timeoutSeconds: 1, failureThreshold: 1 }),
              resources: RESOURCES.static,
              securityContext: sec.container,
              volumeMounts: [
                { name: 'tmp', mountPath: '/tmp' },
                { name: 'deploy-store', mountPath: MOUNTS.deploy, readOnly: true },
                { name: 'nginx', mountPath: '/etc/nginx/nginx.conf', subPath: 'nginx.conf', readOnly: true },
                { name: 'nginx', mountPath: '/etc/nginx/cors.conf', subPath: 'cors.conf', readOnly: true },
              ],
            }],
            volumes: [
              { name: 'tmp', emptyDir: {} },
              { name: 'deploy-store', persistentVolumeClaim: { claimName: 'deploy-store', readOnly: true } },
              { name: 'nginx', configMap: { name: 'static-nginx' } },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta('static'),
      spec: { type: 'ClusterIP', selector: selector('static'), ports: origins.map((o) => ({ name: portName(o), port: o.port, targetPort: portName(o), protocol: 'TCP' })) },
    },
    { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: meta('static'), spec: { minAvailable: 1, selector: { matchLabels: selector('static') } } },
  ];
}

/** One Ingress for every public host: the role HAProxy plays on this machine (ingress-nginx annotations). */
function ingressDocuments(topology) {
  const backend = (name, port) => ({ service: { name, port: { number: port } } });
  const rule = (host, paths) => ({ host, http: { paths: paths.map(([p, name, port]) => ({ path: p, pathType: 'Prefix', backend: backend(name, port) })) } });
  const rules = servicesOf(topology).filter((s) => s.public).map((s) => rule(publicHost(s.name), [['/', s.name, s.port]]));
  const remotes = topology.statics.filter((o) => o.kind === 'remote').sort((a, b) => a.port - b.port);
  rules.push(rule(publicHost('remotes'), remotes.map((o) => [`/${o.name}/`, 'static', o.port])));
  const deploy = deployOrigin(topology);
  rules.push(rule(publicHost('deploy'), [['/', 'static', deploy.port]]));
  return [{
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name: 'storefront',
      labels: labels('storefront', 'ingress'),
      annotations: {
        // HAProxy's retry-on + redispatch (writes carry idempotency keys); ingress-nginx sets X-Request-ID itself
        'nginx.ingress.kubernetes.io/proxy-next-upstream': 'error timeout http_502 http_503 non_idempotent',
        'nginx.ingress.kubernetes.io/proxy-next-upstream-tries': '3',
      },
    },
    spec: {
      ingressClassName: CLUSTER.ingressClass,
      tls: [{ hosts: rules.map((r) => r.host), secretName: CLUSTER.tlsSecret }],
      rules,
    },
  }];
}

// ---------------------------------------------------------------------------------------------------
// Output

/** One YAML file: the header, notes, then the documents (keys sorted; lists in the order given). */
export function toYaml(docs, notes = []) {
  const head = [`# ${HEADER}`, ...notes.map((n) => `# ${n}`)].join('\n');
  return `${head}\n${docs.map((d) => new Document(d, { sortMapEntries: true }).toString({ lineWidth: 0 })).join('---\n')}`;
}

/**
 * Every generated file, path relative to the repository root → text.
 * @param {ReturnType<typeof manifestTopology>} [topology]
 * @returns {Record<string, string>}
 */
export function generate(topology = manifestTopology()) {
  const all = workspaces();
  const out = {};
  const k8s = (file, text) => { out[`${K8S_DIR}/${file}`] = text; };
  const image = (file, text) => { out[`${IMAGES_DIR}/${file}`] = text; };
  const services = servicesOf(topology);
  for (const s of services) {
    k8s(`${s.name}.yaml`, toYaml(serviceDocuments(s, topology), NOTES[s.name]));
    image(`${s.name}.Dockerfile`, serviceDockerfile(s, all));
    image(`${s.name}.Dockerfile.dockerignore`, DOCKERIGNORE);
  }
  k8s('static.yaml', toYaml(staticDocuments(topology), ['The static origins (nginx in the topology): the remotes\' builds and the deploy store.']));
  k8s('ingress.yaml', toYaml(ingressDocuments(topology), ['HAProxy\'s role: the Ingress controller for public hosts, a Service per balanced service inside.']));
  const names = [...services.map((s) => s.name), 'static'];
  k8s('kustomization.yaml', toYaml([{
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: 'storefront',
    resources: [...names.map((n) => `${n}.yaml`), 'ingress.yaml'],
    images: names.map((n) => ({ name: CLUSTER.image(n), newName: `${CLUSTER.imageRegistry}/${n}`, newTag: 'REPLACE_ME' })),
  }], ['kubectl apply -k tooling/cluster/k8s (set images[].newTag, the Secrets and the example.com hosts first)']));
  const nginx = staticNginx(topology);
  image('static-nginx.conf', nginx['nginx.conf']);
  image('static-cors.conf', nginx['cors.conf']);
  image('static.Dockerfile', staticDockerfile(topology, all));
  image('static.Dockerfile.dockerignore', DOCKERIGNORE);
  return Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
}

/**
 * Files on disk that differ from `files` (or are missing), and files in the generated folders that
 * generation no longer makes.
 * @returns {{ changed: string[], missing: string[], extra: string[] }}
 */
export function diffOnDisk(files = generate(), root = ROOT) {
  const changed = [];
  const missing = [];
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, rel);
    if (!fs.existsSync(file)) missing.push(rel);
    else if (fs.readFileSync(file, 'utf8') !== text) changed.push(rel);
  }
  const extra = [];
  for (const dir of [K8S_DIR, IMAGES_DIR]) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const f of fs.readdirSync(abs).sort()) if (!(`${dir}/${f}` in files)) extra.push(`${dir}/${f}`);
  }
  return { changed, missing, extra };
}

/** Writes `files`, removes what generation no longer makes; returns the paths written. */
export function writeFiles(files = generate(), root = ROOT) {
  const { extra } = diffOnDisk(files, root);
  for (const rel of extra) fs.rmSync(path.join(root, rel), { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return Object.keys(files);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const files = generate();
  if (process.argv.includes('--check')) {
    const { changed, missing, extra } = diffOnDisk(files);
    const stale = [...changed, ...missing, ...extra];
    if (stale.length) {
      console.error(`[cluster:manifests] out of date (run \`${REGENERATE}\`):\n  ${stale.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`[cluster:manifests] ${Object.keys(files).length} files up to date`);
  } else {
    const written = writeFiles(files);
    console.log(`[cluster:manifests] wrote ${written.length} files under ${K8S_DIR}/ and ${IMAGES_DIR}/`);
  }
}

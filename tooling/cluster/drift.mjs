/**
 * Drift between the committed Kubernetes manifests and the topology `npm run start:cluster` runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PROBES, ROOT } from './topology.mjs';
import { BALANCED_REPLICAS, CLUSTER_ONLY_ENV, K8S_DIR, manifestTopology, servicesOf } from './k8s-values.mjs';

/** Every Kubernetes object of the committed YAML files (tooling/cluster/k8s/*.yaml). */
export function readCommitted(root = ROOT) {
  const dir = path.join(root, K8S_DIR);
  return fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().flatMap((f) => parseManifests(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Parses a multi-document YAML text into plain objects. @throws Error on a YAML error */
export function parseManifests(text) {
  return parseAllDocuments(text).map((d) => {
    if (d.errors.length) throw new Error(d.errors.map((e) => e.message).join('; '));
    return d.toJS();
  }).filter(Boolean);
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * What the Kubernetes objects `docs` run that the topology does not (or the reverse), for every service
 * of the topology: its Deployment, container port, Service port, probe paths and ports, the names of its
 * variables (ConfigMap + Secret keys, the port variable among them, equal to the topology's env +
 * portEnv) and the port variable's value; the replicas, HPA and PDB of a balanced service; the static
 * origins' ports; a Deployment the topology does not have.
 * @param {object[]} docs parsed manifests (parseManifests / readCommitted)
 * @param {ReturnType<typeof manifestTopology>} [topology]
 * @returns {string[]} one line per difference; empty when they agree
 */
export function compareManifests(docs, topology = manifestTopology()) {
  const problems = [];
  const find = (kind, name) => docs.find((d) => d?.kind === kind && d.metadata?.name === name);
  const services = servicesOf(topology);
  for (const s of services) {
    const say = (msg) => problems.push(`${s.name}: ${msg}`);
    const dep = find('Deployment', s.name);
    if (!dep) {
      say('no Deployment in the manifests');
      continue;
    }
    const spec = dep.spec?.template?.spec || {};
    const c = (spec.containers || []).find((x) => x.name === s.name) || (spec.containers || [])[0];
    if (!c) {
      say('the Deployment has no container');
      continue;
    }
    const ports = (c.ports || []).map((p) => p.containerPort);
    if (!sameSet(ports, [s.port])) say(`containerPort ${ports.join(',') || 'none'} in the manifests, ${s.port} in the topology`);
    const svc = find('Service', s.name);
    if (!svc) say('no Service in the manifests');
    else {
      const sp = svc.spec?.ports || [];
      if (!sameSet(sp.map((p) => p.port), [s.port])) say(`Service port ${sp.map((p) => p.port).join(',') || 'none'} in the manifests, ${s.port} in the topology`);
      for (const p of sp) {
        const target = typeof p.targetPort === 'string' ? (c.ports || []).find((cp) => cp.name === p.targetPort)?.containerPort : (p.targetPort ?? p.port);
        if (target !== s.port) say(`Service targetPort ${p.targetPort} reaches ${target ?? 'no container port'}, the topology's port is ${s.port}`);
      }
    }
    for (const [probe, want] of [['readinessProbe', PROBES.ready], ['livenessProbe', PROBES.live]]) {
      const g = c[probe]?.httpGet;
      if (!g) say(`no ${probe} httpGet`);
      else {
        if (g.path !== want) say(`${probe} path ${g.path} in the manifests, ${want} in the topology`);
        if (g.port !== s.port && g.port !== 'http') say(`${probe} port ${g.port} in the manifests, ${s.port} in the topology`);
      }
    }
    variableProblems(c, s, find).forEach(say);
    // replicas: 2 + HPA + PDB behind a balancer, 1 for a single
    if (s.kind === 'balanced') {
      if (dep.spec?.replicas !== BALANCED_REPLICAS) say(`replicas ${dep.spec?.replicas}, a balanced service runs ${BALANCED_REPLICAS}`);
      const hpa = find('HorizontalPodAutoscaler', s.name);
      if (!hpa) say('no HorizontalPodAutoscaler');
      else if (hpa.spec?.scaleTargetRef?.name !== s.name) say(`HorizontalPodAutoscaler scales ${hpa.spec?.scaleTargetRef?.name}`);
      if (!find('PodDisruptionBudget', s.name)) say('no PodDisruptionBudget');
    } else if (dep.spec?.replicas !== 1) say(`replicas ${dep.spec?.replicas}, a single service runs 1`);
  }
  problems.push(...staticProblems(topology, find));
  // a Deployment for a service the topology no longer runs
  const known = new Set([...services.map((s) => s.name), 'static']);
  for (const d of docs) if (d?.kind === 'Deployment' && !known.has(d.metadata?.name)) problems.push(`${d.metadata?.name}: a Deployment the topology does not run`);
  return problems;
}

/** The container's variables (ConfigMap + Secret keys) against the topology's env + portEnv. */
function variableProblems(c, s, find) {
  const out = [];
  // variables: ConfigMap + Secret keys = the topology's env + portEnv
  const names = new Set();
  for (const from of c.envFrom || []) {
    if (from.configMapRef) {
      const cm = find('ConfigMap', from.configMapRef.name);
      if (!cm) out.push(`ConfigMap ${from.configMapRef.name} referenced but not in the manifests`);
      else {
        Object.keys(cm.data || {}).forEach((k) => names.add(k));
        if (s.portEnv in (cm.data || {}) && cm.data[s.portEnv] !== String(s.port)) out.push(`${s.portEnv}=${cm.data[s.portEnv]} in the manifests, ${s.port} in the topology`);
      }
    }
    if (from.secretRef) {
      const sec = find('Secret', from.secretRef.name);
      if (!sec) out.push(`Secret ${from.secretRef.name} referenced but not in the manifests`);
      else Object.keys({ ...sec.data, ...sec.stringData }).forEach((k) => names.add(k));
    }
  }
  const expected = new Set([...Object.keys(s.env), s.portEnv]);
  for (const n of [...expected].sort()) if (!names.has(n)) out.push(`variable ${n} is set by the topology, missing from the manifests' ConfigMap/Secret`);
  for (const n of [...names].sort()) if (!expected.has(n)) out.push(`variable ${n} is in the manifests' ConfigMap/Secret, not in the topology`);
  const inline = (c.env || []).map((e) => e.name).sort();
  const allowed = Object.keys(CLUSTER_ONLY_ENV[s.name] || {}).sort();
  for (const n of inline) if (!allowed.includes(n)) out.push(`variable ${n} is set inline in the container, neither in the topology nor in CLUSTER_ONLY_ENV`);
  return out;
}

/** The static origins: one port each on the static Deployment and Service. */
function staticProblems(topology, find) {
  const problems = [];
  const want = topology.statics.map((o) => o.port).sort((a, b) => a - b);
  const staticDep = find('Deployment', 'static');
  const staticSvc = find('Service', 'static');
  const got = (list, key) => (list || []).map((p) => p[key]).sort((a, b) => a - b);
  if (!staticDep) problems.push('static: no Deployment in the manifests');
  else if (!sameSet(got(staticDep.spec?.template?.spec?.containers?.[0]?.ports, 'containerPort'), want)) problems.push(`static: container ports ${got(staticDep.spec?.template?.spec?.containers?.[0]?.ports, 'containerPort').join(',')} in the manifests, ${want.join(',')} in the topology`);
  if (!staticSvc) problems.push('static: no Service in the manifests');
  else if (!sameSet(got(staticSvc.spec?.ports, 'port'), want)) problems.push(`static: Service ports ${got(staticSvc.spec?.ports, 'port').join(',')} in the manifests, ${want.join(',')} in the topology`);
  return problems;
}

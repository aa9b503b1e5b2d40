import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { parseAllDocuments, parse } from 'yaml';

/**
 * Issue 16, deployable manifests checked offline (no cluster, no network, no container engine): infra/kubernetes
 * parsed as YAML and held to the shapes of the Kubernetes APIs it uses and to what the code serves (probe paths,
 * the entry points, the secret only referenced), and docker-compose.yml likewise; `docker compose config` also
 * validates the compose file where the docker client has the compose plugin.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const kubeDir = path.join(root, 'infra/kubernetes');

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
};

function manifests(): { file: string; doc: Manifest }[] {
  const kustomization = parse(readFileSync(path.join(kubeDir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(kubeDir, file), 'utf8')).map((d) => {
      expect({ file, errors: d.errors.map((e) => e.message) }).toEqual({ file, errors: [] });
      return { file, doc: d.toJSON() as Manifest };
    }),
  );
}

const API_VERSIONS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Service: 'v1',
  Deployment: 'apps/v1',
  Job: 'batch/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
};

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const of = (kind: string) =>
  manifests()
    .filter((m) => m.doc.kind === kind)
    .map((m) => m.doc);
const containerOf = (d: Manifest) => d.spec.template.spec.containers[0];

describe('infra/kubernetes', () => {
  it('lists every manifest in kustomization.yaml, each a known kind at its API version with a valid name in the namespace', () => {
    const listed = (parse(readFileSync(path.join(kubeDir, 'kustomization.yaml'), 'utf8')) as { resources: string[] }).resources;
    const files = readdirSync(kubeDir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...listed].sort()).toEqual(files.sort());
    for (const { file, doc } of manifests()) {
      expect({ file, kind: doc.kind, apiVersion: doc.apiVersion }).toEqual({ file, kind: doc.kind, apiVersion: API_VERSIONS[doc.kind] });
      expect(doc.metadata.name).toMatch(DNS_LABEL);
      if (doc.kind !== 'Namespace') expect({ file, namespace: doc.metadata.namespace }).toEqual({ file, namespace: 'lending' });
    }
    expect(
      of('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(['lending-api', 'lending-worker']);
  });

  it('holds no secret: no Secret object, no credential in the ConfigMap, the secret only referenced by name', () => {
    expect(of('Secret')).toEqual([]);
    for (const config of of('ConfigMap'))
      for (const name of Object.keys(config.data ?? {})) expect(name).not.toMatch(/SECRET|PASSWORD|DATABASE_URL|REDIS_URL|TOKEN/);
    for (const workload of [...of('Deployment'), ...of('Job')]) {
      const container = containerOf(workload);
      expect(container.envFrom).toEqual(expect.arrayContaining([{ secretRef: { name: 'lending-secrets' } }]));
      for (const variable of container.env ?? []) expect(variable.name).not.toMatch(/SECRET|PASSWORD/);
    }
  });

  it('runs the API, the worker and the migration Job from the one image, with the entry points the build produces', () => {
    const commands = Object.fromEntries([...of('Deployment'), ...of('Job')].map((w) => [w.metadata.name, containerOf(w).command]));
    expect(commands).toEqual({
      'lending-api': ['node', 'backend/dist/main.js'],
      'lending-worker': ['node', 'backend/dist/worker.js'],
      'lending-migrate': ['node', 'backend/dist/cli.js', 'migrate'],
    });
    const images = new Set([...of('Deployment'), ...of('Job')].map((w) => containerOf(w).image.split(':')[0]));
    expect(images.size).toBe(1);
    const job = of('Job')[0];
    expect(['Never', 'OnFailure']).toContain(job.spec.template.spec.restartPolicy);
    const api = of('Deployment').find((d) => d.metadata.name === 'lending-api')!;
    expect(containerOf(api).env).toEqual(expect.arrayContaining([{ name: 'WORKER_IN_PROCESS', value: 'false' }]));
  });

  it('selects its own pods: selectors match the pod labels, the Service and the PodDisruptionBudgets find a Deployment', () => {
    const deployments = of('Deployment');
    const labelsOf = (d: Manifest) => d.spec.template.metadata.labels as Record<string, string>;
    const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
      Object.entries(selector).every(([k, v]) => labels[k] === v);
    for (const d of deployments) expect(matches(d.spec.selector.matchLabels, labelsOf(d))).toBe(true);
    for (const service of of('Service')) {
      const target = deployments.find((d) => matches(service.spec.selector, labelsOf(d)));
      expect(target).toBeDefined();
      for (const port of service.spec.ports)
        expect(containerOf(target!).ports.map((p: { name: string }) => p.name)).toContain(port.targetPort);
    }
    const budgets = of('PodDisruptionBudget');
    expect(budgets.map((b) => deployments.find((d) => matches(b.spec.selector.matchLabels, labelsOf(d)))?.metadata.name).sort()).toEqual([
      'lending-api',
      'lending-worker',
    ]);
    for (const b of budgets) expect('minAvailable' in b.spec !== 'maxUnavailable' in b.spec).toBe(true);
  });

  it("probes the API's liveness and readiness endpoints on its named port, and leaves time for a graceful stop", () => {
    const api = of('Deployment').find((d) => d.metadata.name === 'lending-api')!;
    const container = containerOf(api);
    const probe = (name: string) => ({
      path: container[name].httpGet.path,
      port: container[name].httpGet.port,
      timeoutSeconds: container[name].timeoutSeconds,
    });
    expect(probe('livenessProbe')).toEqual({ path: '/api/health/live', port: 'http', timeoutSeconds: expect.any(Number) });
    expect(probe('readinessProbe')).toEqual({ path: '/api/health/ready', port: 'http', timeoutSeconds: expect.any(Number) });
    expect(probe('startupProbe').path).toBe('/api/health/live');
    expect(container.ports).toEqual([{ name: 'http', containerPort: 3000 }]);
    // SHUTDOWN_TIMEOUT_MS defaults to 10 s; the grace period must exceed it.
    expect(api.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(10);
    for (const d of [...of('Deployment'), ...of('Job')]) {
      expect(containerOf(d).resources.requests.cpu).toBeDefined();
      expect(d.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    }
  });

  it('autoscales the API on CPU and the workers on CPU and queue depth, each HPA aimed at an existing Deployment', () => {
    const names = of('Deployment').map((d) => d.metadata.name);
    const hpas = of('HorizontalPodAutoscaler');
    const metricsOf = (name: string) =>
      hpas.find((h) => h.spec.scaleTargetRef.name === name)!.spec.metrics as {
        type: string;
        resource?: { name: string };
        external?: { metric: { name: string } };
      }[];
    for (const h of hpas) {
      expect(h.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: expect.any(String) });
      expect(names).toContain(h.spec.scaleTargetRef.name);
      expect(h.spec.minReplicas).toBeLessThanOrEqual(h.spec.maxReplicas);
    }
    expect(metricsOf('lending-api').map((m) => m.resource?.name)).toEqual(['cpu']);
    expect(metricsOf('lending-worker').map((m) => m.resource?.name ?? m.external?.metric.name)).toEqual([
      'cpu',
      'lending_queue_waiting_jobs',
    ]);
  });
});

/** The Kubernetes API's own schemas (kubernetes-models, generated from its OpenAPI document), one class per kind. */
const SCHEMAS: Record<string, new (data: any) => { validate(): void }> = {
  Namespace,
  ConfigMap,
  Service,
  Deployment,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
};

describe('infra/kubernetes against the Kubernetes API schemas (kubeconform is not packaged here)', () => {
  it('holds every manifest valid: required fields present, every value of its type', () => {
    for (const { file, doc } of manifests()) {
      const Model = SCHEMAS[doc.kind];
      expect({ file, kind: doc.kind, known: Boolean(Model) }).toEqual({ file, kind: doc.kind, known: true });
      expect(() => new Model!(doc).validate()).not.toThrow();
    }
  });

  it('would refuse a broken one: a Deployment with a number written as text, or without its selector', () => {
    const api = of('Deployment').find((d) => d.metadata.name === 'lending-api')!;
    expect(() => new Deployment({ ...api, spec: { ...api.spec, replicas: 'two' } } as any).validate()).toThrow(/replicas/);
    const { selector: _selector, ...withoutSelector } = api.spec;
    expect(() => new Deployment({ ...api, spec: withoutSelector } as any).validate()).toThrow(/selector/);
  });
});

describe('docker-compose.yml', () => {
  const file = path.join(root, 'docker-compose.yml');
  // merge: the services share their environment through a YAML merge key (<<: *app-environment).
  const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, any> };

  it('runs PostgreSQL, Redis, the migrations once, the API and a worker, with no secret written in it', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'worker']);
    expect(services.migrate.command).toEqual(['node', 'backend/dist/cli.js', 'migrate']);
    expect(services.api.command).toEqual(['node', 'backend/dist/main.js']);
    expect(services.worker.command).toEqual(['node', 'backend/dist/worker.js']);
    for (const name of ['api', 'worker'])
      expect(services[name].depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(services.api.environment.WORKER_IN_PROCESS).toBe('false');
    expect(services.api.healthcheck.test.join(' ')).toContain('/api/health/ready');
    // Required from the environment, never a default in the file.
    expect(services.api.environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(services.api.environment.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?/);
  });

  it('is accepted by `docker compose config` where the docker client has the compose plugin (GitHub runners do)', () => {
    const available = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;
    if (!available) {
      // This machine's docker client has no compose plugin: the structure above is what is checked here.
      console.log('docker compose is not available here: docker-compose.yml checked by its parsed structure only');
      return;
    }
    const result = spawnSync('docker', ['compose', '-f', file, 'config', '--quiet'], {
      encoding: 'utf8',
      // Random values: the file must interpolate them, whatever they are.
      env: { ...process.env, JWT_SECRET: randomBytes(16).toString('hex'), ADMIN_PASSWORD: randomBytes(8).toString('hex') },
    });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });
});

// Where a running cluster keeps its files (CLUSTER_DIR, default .cluster/), shared by
// `npm run cluster`, `npm run cluster:restart` and the tests.
import { join } from 'node:path';

export interface ClusterState {
  pid: number;
  url: string;
  nginxPid: number | null;
  prometheus: string | null;
  processes: { n: number; port: number; opsPort: number; pid: number | null; inRotation: boolean }[];
}

export function clusterFiles(dir: string) {
  return {
    dir,
    /** The cluster's state, for operators and tests: addresses, ports and process ids. */
    state: join(dir, 'cluster.json'),
    /** The socket `npm run cluster:restart` asks for a rolling restart on. */
    control: join(dir, 'control.sock'),
    /** The OPS_TOKEN the processes' operator listeners ask for (the operator's, or one made per run). */
    opsToken: join(dir, 'ops-token'),
    nginxPrefix: join(dir, 'nginx'),
    nginxMain: join(dir, 'nginx', 'nginx.conf'),
    nginxSite: join(dir, 'nginx', 'wanakt.conf'),
    prometheusDir: join(dir, 'prometheus'),
  };
}

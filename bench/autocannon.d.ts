// The part of autocannon's API the benchmarks use; the package ships no types.
declare module 'autocannon' {
  namespace autocannon {
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Options {
      url: string;
      headers?: Record<string, string>;
      connections?: number;
      duration?: number;
      requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram & { total: number };
      throughput: Histogram & { total: number };
      '2xx': number;
      '3xx': number;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}

-- Prints wrk's figures as one JSON line after its human summary, for bench/support/wrk.ts.
done = function(summary, latency, requests)
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"badStatus":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end

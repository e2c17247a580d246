-- wrk's report as one JSON line (scripts/bench/list-endpoint.mjs reads it): requests/second,
-- latency percentiles in ms, and errors (socket errors and non-2xx answers).
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format(
    '{"rps":%.1f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"requests":%d,"errors":%d}\n',
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.requests, errors))
end

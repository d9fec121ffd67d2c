-- Counts answers whose status is not the one the page should give (EXPECT_STATUS), and prints
-- the run's figures as one JSON line for the bench to read.
local expected = tonumber(os.getenv("EXPECT_STATUS") or "200")
local threads = {}
unexpected = 0

function setup(thread)
  table.insert(threads, thread)
end

function response(status, headers, body)
  if status ~= expected then
    unexpected = unexpected + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("unexpected")
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"unexpected":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.timeout, bad,
    latency:percentile(50), latency:percentile(99)))
end

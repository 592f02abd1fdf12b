/**
 * Loopback ports of the fault and bad-input suites (3600-3699 by agreement on this machine;
 * FAULTS_PORT_BASE moves the whole block). Each test file has its own slice, so files never
 * collide even if someone runs them in parallel.
 */
const base = Number(process.env.FAULTS_PORT_BASE || 3600);

export const ports = {
  shutdown: { site: base + 10, smtp: base + 40 },
  sigkill: { site: base + 12, smtp: base + 42 },
  smtpOutage: { site: base + 14, smtp: base + 44 },
  postgresOutage: { site: base + 16, smtp: base + 46, postgres: base + 50 },
  startup: { site: base + 18, postgresNobody: base + 59 },
  badInput: { site: base + 20, smtp: base + 48 },
  rateLimit: { site: base + 22, secondSite: base + 24, postgres: base + 52 },
  guards: { site: base + 26, secondSite: base + 28, postgres: base + 54 },
  siteAddress: { site: base + 30, secondSite: base + 32 },
  badInputAlerts: { site: base + 34, ddf: base + 36 },
  memory: { site: base + 64 },
  backupRestore: { site: base + 70, postgres: base + 72 },
  mailCaps: { site: base + 60, ddf: base + 62, smtp: base + 66 },
  badInputSeller: { site: base + 74, ddf: base + 76, city: base + 78, smtp: base + 80 },
} as const;

export const HOST = "127.0.0.1";

import { createSocket, type RemoteInfo } from 'node:dgram'

export type RebindingDnsServer = {
  /** `127.0.0.1:<port>`, for a resolver's server list. */
  readonly address: string
  /** A queries received per name (lowercase, no trailing dot). */
  aQueries(name: string): number
  close(): Promise<void>
}

const TYPE_A = 1

/** The question's name and type, and where the question ends. */
function question(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = []
  let at = 12
  for (let len = msg.readUInt8(at); len > 0; len = msg.readUInt8(at)) {
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('ascii'))
    at += 1 + len
  }
  at += 1
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at), end: at + 4 }
}

/**
 * A DNS server on loopback (UDP) for SSRF tests. `answers` maps a name to the A records of its
 * successive queries: the n-th A query of a name gets `answers[name][n]` (the last one once they
 * run out), with TTL 0. A rebinding name answers a public address first and `127.0.0.1` next.
 * Other types (AAAA) get an empty answer; unknown names NXDOMAIN.
 */
export async function startRebindingDnsServer(answers: Record<string, string[][]>): Promise<RebindingDnsServer> {
  const socket = createSocket('udp4')
  const counts = new Map<string, number>()
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    const q = question(msg)
    const sequence = answers[q.name]
    let records: string[] = []
    if (sequence && q.type === TYPE_A) {
      const n = counts.get(q.name) ?? 0
      counts.set(q.name, n + 1)
      records = sequence[Math.min(n, sequence.length - 1)] ?? []
    }
    const header = Buffer.alloc(12)
    msg.copy(header, 0, 0, 2) // id
    header.writeUInt16BE(sequence ? 0x8180 : 0x8183, 2) // response, recursion; NOERROR or NXDOMAIN
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(records.length, 6)
    const rrs = records.map((ip) => {
      const rr = Buffer.alloc(16)
      rr.writeUInt16BE(0xc00c, 0) // the question's name
      rr.writeUInt16BE(TYPE_A, 2)
      rr.writeUInt16BE(1, 4) // IN
      rr.writeUInt32BE(0, 6) // TTL 0
      rr.writeUInt16BE(4, 10)
      ip.split('.').forEach((octet, i) => {
        rr.writeUInt8(Number(octet), 12 + i)
      })
      return rr
    })
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...rrs]), from.port, from.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    address: `127.0.0.1:${socket.address().port}`,
    aQueries: (name) => counts.get(name) ?? 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}

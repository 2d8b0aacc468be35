import dns2 from 'dns2'

const { Packet } = dns2

/**
 * A real DNS server on 127.0.0.1 (UDP, random port) answering TXT records from a map that tests can
 * change while it runs. Names absent from the map answer with no records (NXDOMAIN-like empty).
 */
export async function startTxtDnsServer(records: Map<string, string[]>) {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      const name = question?.name.toLowerCase() ?? ''
      for (const data of records.get(name) ?? []) {
        const answer = { name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data }
        response.answers.push(answer as unknown as (typeof response.answers)[number])
      }
      send(response)
    },
  })
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } })
  const port = server.addresses().udp?.port
  if (!port) throw new Error('the DNS server did not bind a UDP port')
  return {
    server: `127.0.0.1:${port}`,
    close: () => server.close(),
  }
}

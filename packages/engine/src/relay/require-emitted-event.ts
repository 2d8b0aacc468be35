import {
  type Abi,
  type Address,
  type ContractEventName,
  type Hex,
  type ParseEventLogsReturnType,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem'
import { TransactionFailedError } from './relay-errors'

/**
 * The first `eventName` log that contract `address` emitted in a mined call (`sendOperatorCall`'s
 * outcome). A successful call that logged none throws TransactionFailedError (`stage: "execution"`):
 * the contract did not do what `functionName` promises.
 */
export function requireEmittedEvent<const abi extends Abi, eventName extends ContractEventName<abi>>(
  outcome: { txHash: Hex; receipt: TransactionReceipt },
  p: { abi: abi; eventName: eventName; address: Address; functionName: string },
): ParseEventLogsReturnType<abi, eventName, true>[number] {
  const [event] = parseEventLogs({
    abi: p.abi,
    eventName: p.eventName,
    logs: outcome.receipt.logs.filter((l) => l.address.toLowerCase() === p.address.toLowerCase()),
  })
  if (!event) {
    throw new TransactionFailedError(`${p.functionName} logged no ${p.eventName}`, {
      stage: 'execution',
      reason: `no ${p.eventName} log`,
      transactionHash: outcome.txHash,
    })
  }
  return event
}

import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { pregenerateUser } from '../pregeneration/pregenerate-user'
import { devLogin } from './dev-login'
import { getUserWallet } from './get-user-wallet'
import { linkIdentities } from './link-identities'
import { signUserTypedData } from './sign-user-typed-data'
import { verifyAccessToken } from './verify-access-token'

/** `engine.identity`: users, access tokens, the user wallet API and wallet pregeneration. */
export function bindIdentity(ctx: EngineContext) {
  return {
    pregenerate: bindOperation(ctx, pregenerateUser),
    devLogin: bindOperation(ctx, devLogin),
    verifyAccessToken: bindOperation(ctx, verifyAccessToken),
    link: bindOperation(ctx, linkIdentities),
    getWallet: bindOperation(ctx, getUserWallet),
    signTypedData: bindOperation(ctx, signUserTypedData),
  }
}

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RUNTIME_009, runtimeDescMap } from '@module-federation/error-codes';
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-tools/runtime-core';
import { ENCODE_NAME_PREFIX, decodeName } from '@module-federation/sdk';

/**
 * The remotes take the federation runtime from the page rather than each bringing a copy (11 kB
 * of the landing page's 120): they are built with `externalRuntime` and read these packages from
 * the globals named in webpack.common.js. The enhanced plugin's own provider hands over the whole
 * runtime-core namespace, which defeats tree shaking and costs the shell more than the remotes
 * save; this one hands over only the names the remotes' bundler runtime imports (@module-federation
 * 2.9's webpack-bundler-runtime and runtime/bundler), all of which the shell's runtime holds anyway.
 */
export default function provideFederationRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      Object.assign(CurrentGlobal, {
        _FEDERATION_RUNTIME_CORE: {
          CurrentGlobal,
          Module,
          ModuleFederation,
          assert,
          getGlobalFederationConstructor,
          getRemoteEntry,
          getRemoteInfo,
          helpers,
          loadScript,
          loadScriptNode,
          registerGlobalPlugins,
          satisfy,
          setGlobalFederationConstructor,
          setGlobalFederationInstance,
        },
        _FEDERATION_SDK: { ENCODE_NAME_PREFIX, decodeName },
        _FEDERATION_ERROR_CODES: { RUNTIME_009, runtimeDescMap },
      });
      return args;
    },
  };
}

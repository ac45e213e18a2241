import { opApi } from './client';
import { useFourEyesMutation, type FourEyesHandlers } from './four-eyes';
import { settingsKey } from './get-settings';

/** saveSetting replaces a setting's value; an owners' setting answers 202 with a proposal instead. */
export function saveSetting(name: string, value: unknown) {
  return opApi.put<unknown>(`/api/operator/settings/${encodeURIComponent(name)}`, value);
}

/** useSaveSetting saves a setting: applied, the settings are read again; proposed, the pending changes. */
export function useSaveSetting(name: string, handlers?: FourEyesHandlers) {
  return useFourEyesMutation((value: unknown) => saveSetting(name, value), settingsKey, handlers);
}

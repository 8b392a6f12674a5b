// The actions of grammar/filter.peggy, as the one object the generated parser receives in its
// options (it imports nothing) and the fast path calls, so both build the same tree.

import { alias, rejectItemAlias } from './aliases.js';
import {
  jsonKeyword,
  jsonNumber,
  jsonString,
  rejectArrayItem,
  rejectJsonItem,
  rejectNestedJson,
  unterminatedJsonString,
} from './json-array.js';
import { collectionPath, COUNT, isLambdaOperator, lambdaArgs } from './collections.js';
import { bareDateTime, guid, isLiteral, string, timeOfDay, unterminatedString } from './literals.js';
import { number } from './numbers.js';
import { chain, foldIn, foldUnary, hasValue, inList, isBinaryOperator, unaryOp } from './operators.js';
import { parenthesised } from './parentheses.js';
import { rejectStructureMemberValue, structure, structureMember } from './structures.js';
import {
  isUnsupportedFunction,
  mayBeKeyPredicate,
  rejectBoundCall,
  rejectCollectionLiteral,
  rejectCountOptions,
  rejectKeyPredicate,
  rejectVariable,
} from './unsupported.js';
import { isTypeFunction, typeArguments, typeName } from './type-functions.js';
import {
  collectionLiteral,
  functionArgs,
  functionArgument,
  isCanonicalNamespace,
  isFunctionSegment,
} from './function-calls.js';
import { resultPath } from './result-paths.js';
import {
  isCastName,
  isHex8,
  isKeywordLiteral,
  KEYWORD,
  pathOrCall,
  segment,
  UNSUPPORTED_CALL,
  wordLed,
} from './words.js';
import { isReservedWord } from '../../language/reserved-words.js';

export type { LambdaArgs } from './collections.js';
export type { HasValue, InList } from './operators.js';
export type { PathSuffix, WordRest } from './words.js';

/** A plain object rather than a module namespace: property reads on one are slower in the hot path. */
export const actions = {
  // literals
  string,
  unterminatedString,
  bareDateTime,
  timeOfDay,
  guid,
  number,
  isLiteral,
  // words: keyword literals, prefixed literals, member paths and calls
  isReserved: isReservedWord,
  isKeywordLiteral,
  isHex8,
  isCastName,
  KEYWORD,
  UNSUPPORTED_CALL,
  // calls of a model's functions
  isCanonicalNamespace,
  isFunctionSegment,
  functionArgs,
  functionArgument,
  collectionLiteral,
  rejectArrayItem,
  resultPath,
  segment,
  pathOrCall,
  wordLed,
  // cast and isof
  isTypeFunction,
  typeArguments,
  typeName,
  // operators
  isBinaryOperator,
  chain,
  unaryOp,
  foldUnary,
  inList,
  hasValue,
  foldIn,
  parenthesised,
  // the JSON-array list of `in`
  jsonString,
  unterminatedJsonString,
  jsonNumber,
  jsonKeyword,
  rejectNestedJson,
  rejectJsonItem,
  // a structure's value, a JSON object
  structure,
  structureMember,
  rejectStructureMemberValue,
  // parameter aliases
  alias,
  rejectItemAlias,
  // collection operators on paths
  COUNT,
  isLambdaOperator,
  lambdaArgs,
  collectionPath,
  // constructs outside the language
  isUnsupportedFunction,
  rejectBoundCall,
  rejectVariable,
  rejectCountOptions,
  mayBeKeyPredicate,
  rejectKeyPredicate,
  rejectCollectionLiteral,
} as const;

export type Actions = typeof actions;

// The checker's case table over the test schema: well-typed filters with the type of every
// sub-expression (see printTyped), and ill-typed ones with each issue's code, span and message.

import { describe, expect, it } from 'vitest';
import { check, printTyped } from '../../src/index.js';
import type { Schema } from '../../src/index.js';
import { testSchema } from '../support/arbitraries.js';
import { issuesOf as issuesOfIn } from '../support/trees.js';

const issuesOf = (filter: string, schema: Schema = testSchema) => issuesOfIn(filter, schema);

// Literals are retyped to the other side's type; integer literals narrow to a smaller integer
// column when the value fits; everything else meets in the promoted type through `convert`.
const WELL_TYPED: [string, string][] = [
  ['Int32 eq 5', '(Int32:Int32 eq 5:Int32)'],
  ['Int32Req ne -5', '(Int32Req:Int32 ne -5:Int32)'],
  ['Int64 eq 5', '(Int64:Int64 eq 5n:Int64)'],
  ['Int64 gt 9223372036854775807', '(Int64:Int64 gt 9223372036854775807n:Int64)'],
  ['Int64 lt -9223372036854775808', '(Int64:Int64 lt -9223372036854775808n:Int64)'],
  ['Int32 eq 5L', '(Int32:Int32 eq 5:Int32)'],
  ['Int32 eq 2147483648', '(convert(Int32:Int32):Int64 eq 2147483648n:Int64)'],
  ['Int32 eq -2147483648', '(Int32:Int32 eq -2147483648:Int32)'],
  ['Decimal eq 5', "(Decimal:Decimal eq '5':Decimal)"],
  ['Decimal eq 5L', "(Decimal:Decimal eq '5':Decimal)"],
  ['Decimal eq 1.5', "(Decimal:Decimal eq '1.5':Decimal)"],
  ['Decimal eq 1.5M', "(Decimal:Decimal eq '1.5':Decimal)"],
  ['Decimal gt 1234567890123456789.012345678', "(Decimal:Decimal gt '1234567890123456789.012345678':Decimal)"],
  ['Decimal eq 1.5d', '(convert(Decimal:Decimal):Double eq 1.5:Double)'],
  ['Decimal eq 1.5f', '(convert(Decimal:Decimal):Double eq 1.5:Double)'],
  ['Double eq 5', '(Double:Double eq 5:Double)'],
  ['Double eq 1.5', '(Double:Double eq 1.5:Double)'],
  ['Double eq 1.5f', '(Double:Double eq 1.5:Double)'],
  ['Double eq NaN', '(Double:Double eq NaN:Double)'],
  ['Double lt -INF', '(Double:Double lt -Infinity:Double)'],
  ['Double eq -0.0d', '(Double:Double eq -0:Double)'],
  ['Double eq 9223372036854775807', '(Double:Double eq 9223372036854776000:Double)'],
  ['Single eq 5', '(Single:Single eq 5:Single)'],
  ['Single eq 1.5', '(convert(Single:Single):Double eq 1.5:Double)'],
  ['Single eq 0.1f', '(Single:Single eq 0.10000000149011612:Single)'],
  ['Single eq 1.5d', '(convert(Single:Single):Double eq 1.5:Double)'],
  ['Single eq 5L', '(Single:Single eq 5:Single)'],
  // Single is computed like Double: an integer is rounded to binary64, never to binary32.
  ['Single eq 16777217', '(Single:Single eq 16777217:Single)'],
  ['Single eq 9007199254740993', '(Single:Single eq 9007199254740992:Single)'],
  ['Single in (16777217, 5)', '(Single:Single in [16777217:Single, 5:Single])'],
  ['Byte eq 5', '(Byte:Byte eq 5:Byte)'],
  ['Byte eq 300', '(convert(Byte:Byte):Int32 eq 300:Int32)'],
  ['Byte eq -1', '(convert(Byte:Byte):Int32 eq -1:Int32)'],
  ['SByte eq -128', '(SByte:SByte eq -128:SByte)'],
  ['SByte eq 128', '(convert(SByte:SByte):Int32 eq 128:Int32)'],
  ['Int16 eq 32767', '(Int16:Int16 eq 32767:Int16)'],
  ['Int16 eq 32768', '(convert(Int16:Int16):Int32 eq 32768:Int32)'],
  ['Byte eq SByte', '(convert(Byte:Byte):Int32 eq convert(SByte:SByte):Int32)'],
  ['Byte eq Int16', '(convert(Byte:Byte):Int32 eq convert(Int16:Int16):Int32)'],
  ['Byte eq Byte', '(Byte:Byte eq Byte:Byte)'],
  ['Int16 lt Int32', '(convert(Int16:Int16):Int32 lt Int32:Int32)'],
  ['Int32 eq Int64', '(convert(Int32:Int32):Int64 eq Int64:Int64)'],
  ['Int32 eq Decimal', '(convert(Int32:Int32):Decimal eq Decimal:Decimal)'],
  ['Int64 eq Decimal', '(convert(Int64:Int64):Decimal eq Decimal:Decimal)'],
  ['Decimal eq Double', '(convert(Decimal:Decimal):Double eq Double:Double)'],
  ['Decimal eq Single', '(convert(Decimal:Decimal):Double eq convert(Single:Single):Double)'],
  ['Single eq Double', '(convert(Single:Single):Double eq Double:Double)'],
  ['Int32 eq Single', '(convert(Int32:Int32):Single eq Single:Single)'],
  ['Int64 eq Double', '(convert(Int64:Int64):Double eq Double:Double)'],
  ['5 eq Int32', '(5:Int32 eq Int32:Int32)'],
  ['1.5 eq Double', '(1.5:Double eq Double:Double)'],
  ['Int32 add 1 eq 2', '((Int32:Int32 add 1:Int32):Int32 eq 2:Int32)'],
  ['Int32 add Int64 eq 2', '((convert(Int32:Int32):Int64 add Int64:Int64):Int64 eq 2n:Int64)'],
  ['Byte add Byte eq 2', '((convert(Byte:Byte):Int32 add convert(Byte:Byte):Int32):Int32 eq 2:Int32)'],
  ['Byte add 1 eq 256', '((convert(Byte:Byte):Int32 add 1:Int32):Int32 eq 256:Int32)'],
  ['Int64 mul 2 gt 0', '((Int64:Int64 mul 2n:Int64):Int64 gt 0n:Int64)'],
  ['Decimal div 3 eq 1.5', "((Decimal:Decimal div '3':Decimal):Decimal eq '1.5':Decimal)"],
  // divby (OData 4.01) divides integers as Decimals, anything else in the promoted type.
  ['Int32 divby 2 eq 1.5', "((convert(Int32:Int32):Decimal divby '2':Decimal):Decimal eq '1.5':Decimal)"],
  ['Byte divby Int64 eq 1', "((convert(Byte:Byte):Decimal divby convert(Int64:Int64):Decimal):Decimal eq '1':Decimal)"],
  ['Decimal divby 3 eq 1.5', "((Decimal:Decimal divby '3':Decimal):Decimal eq '1.5':Decimal)"],
  ['Double divby Int32 eq 1.5', '((Double:Double divby convert(Int32:Int32):Double):Double eq 1.5:Double)'],
  ['Double mod 2 eq 0', '((Double:Double mod 2:Double):Double eq 0:Double)'],
  ['Single sub 1 eq 0', '((Single:Single sub 1:Single):Single eq 0:Single)'],
  ['Decimal add Double eq 0', '((convert(Decimal:Decimal):Double add Double:Double):Double eq 0:Double)'],
  ['Int32 add 1.5 eq 0', "((convert(Int32:Int32):Decimal add '1.5':Decimal):Decimal eq '0':Decimal)"],
  ['-Int32 eq 1', '(-(Int32:Int32):Int32 eq 1:Int32)'],
  ['-Byte eq -255', '(-(convert(Byte:Byte):Int32):Int32 eq -255:Int32)'],
  ['-Decimal eq 1', "(-(Decimal:Decimal):Decimal eq '1':Decimal)"],
  ['-(5) eq Int32', '(-(5:Int32):Int32 eq Int32:Int32)'],
  ['-Single eq 1', '(-(Single:Single):Single eq 1:Single)'],
  ["String eq 'x'", "(String:String eq 'x':String)"],
  ["String eq 'O''Brien'", "(String:String eq 'O''Brien':String)"],
  ['String lt StringReq', '(String:String lt StringReq:String)'],
  ['Boolean eq true', '(Boolean:Boolean eq true:Boolean)'],
  ['Boolean', 'Boolean:Boolean'],
  ['BooleanReq and Boolean', '(BooleanReq:Boolean and Boolean:Boolean)'],
  ['not Boolean', 'not(Boolean:Boolean)'],
  ["Guid eq guid'0F8FAD5B-D9CB-469F-A165-70867728950E'", "(Guid:Guid eq '0f8fad5b-d9cb-469f-a165-70867728950e':Guid)"],
  ['Guid eq 0f8fad5b-d9cb-469f-a165-70867728950e', "(Guid:Guid eq '0f8fad5b-d9cb-469f-a165-70867728950e':Guid)"],
  ['Guid gt GuidReq', '(Guid:Guid gt GuidReq:Guid)'],
  // Binaries (docs/semantics.md §6): their bytes in hexadecimal; eq, ne and in only
  ["Binary eq binary'T0RhdGE='", "(Binary:Binary eq '4f44617461':Binary)"],
  ["Binary ne X'00FF'", "(Binary:Binary ne '00ff':Binary)"],
  ['Binary eq BinaryReq', '(Binary:Binary eq BinaryReq:Binary)'],
  ['null eq Binary', '(null:Binary eq Binary:Binary)'],
  ["Binary in (binary'', null)", "(Binary:Binary in ['':Binary, null:Binary])"],
  ['isof(Binary, Edm.String)', 'isof(Binary:Binary, Edm.String)'],
  ["cast(Binary, Edm.String) eq 'AA=='", "(cast(Binary:Binary):String eq 'AA==':String)"],
  ["cast(BinaryReq, Edm.Binary) eq X''", "(cast(BinaryReq:Binary):Binary eq '':Binary)"],
  ["DateTime eq datetime'2012-01-01T00:00:00Z'", '(DateTime:DateTime eq 1325376000000:DateTime)'],
  ["DateTime eq datetime('2012-01-01T00:00:00Z')", '(DateTime:DateTime eq 1325376000000:DateTime)'],
  ["DateTime eq datetimeoffset'2012-01-01T00:00:00+01:00'", '(DateTime:DateTime eq 1325372400000:DateTime)'],
  [
    "DateTimeOffset eq datetime'2012-01-01T00:00:00Z'",
    '(DateTimeOffset:DateTimeOffset eq 1325376000000:DateTimeOffset)',
  ],
  ['DateTimeOffset eq 2012-01-01T00:00:00Z', '(DateTimeOffset:DateTimeOffset eq 1325376000000:DateTimeOffset)'],
  ['DateTime gt 2012-01-01T00:00Z', '(DateTime:DateTime gt 1325376000000:DateTime)'],
  ['DateTime eq DateTimeOffset', '(convert(DateTime:DateTime):DateTimeOffset eq DateTimeOffset:DateTimeOffset)'],
  ['DateTimeOffset eq DateTime', '(DateTimeOffset:DateTimeOffset eq convert(DateTime:DateTime):DateTimeOffset)'],
  ['DateTime eq DateTimeReq', '(DateTime:DateTime eq DateTimeReq:DateTime)'],
  ['datetime(DateTimeOffset) eq DateTime', '(datetime(DateTimeOffset:DateTimeOffset):DateTime eq DateTime:DateTime)'],
  [
    'datetimeoffset(DateTime) eq DateTimeOffset',
    '(datetimeoffset(DateTime:DateTime):DateTimeOffset eq DateTimeOffset:DateTimeOffset)',
  ],
  ['datetime(DateTime) eq DateTime', '(datetime(DateTime:DateTime):DateTime eq DateTime:DateTime)'],
  ['day(datetime(DateTime)) eq 1', '(day(datetime(DateTime:DateTime):DateTime):Int32 eq 1:Int32)'],
  ['year(DateTimeOffset) eq 2012', '(year(DateTimeOffset:DateTimeOffset):Int32 eq 2012:Int32)'],
  ['month(DateTime) eq 12', '(month(DateTime:DateTime):Int32 eq 12:Int32)'],
  ['hour(DateTimeOffset) lt 12', '(hour(DateTimeOffset:DateTimeOffset):Int32 lt 12:Int32)'],
  ['minute(DateTime) eq 30', '(minute(DateTime:DateTime):Int32 eq 30:Int32)'],
  ['second(DateTimeOffset) eq 59', '(second(DateTimeOffset:DateTimeOffset):Int32 eq 59:Int32)'],
  ['round(Int32) eq 5', "(round(convert(Int32:Int32):Decimal):Decimal eq '5':Decimal)"],
  ['round(Decimal) eq 1.5', "(round(Decimal:Decimal):Decimal eq '1.5':Decimal)"],
  ['round(Double) eq 1', '(round(Double:Double):Double eq 1:Double)'],
  ['round(Single) eq 1', '(round(convert(Single:Single):Double):Double eq 1:Double)'],
  ['floor(Int64) eq 1', "(floor(convert(Int64:Int64):Decimal):Decimal eq '1':Decimal)"],
  ['ceiling(Byte) eq 1', "(ceiling(convert(Byte:Byte):Decimal):Decimal eq '1':Decimal)"],
  ['round(1.5) eq 2', "(round('1.5':Decimal):Decimal eq '2':Decimal)"],
  ['round(1.5d) eq 2', '(round(1.5:Double):Double eq 2:Double)'],
  ['length(String) eq 3', '(length(String:String):Int32 eq 3:Int32)'],
  ['length(String) eq Int64', '(convert(length(String:String):Int32):Int64 eq Int64:Int64)'],
  ["indexof(String, 'a') ge 0", "(indexof(String:String, 'a':String):Int32 ge 0:Int32)"],
  ["substringof('ann', String)", "substringof('ann':String, String:String):Boolean"],
  ["contains(String, 'ann')", "contains(String:String, 'ann':String):Boolean"],
  ["startswith(String, 'a') eq true", "(startswith(String:String, 'a':String):Boolean eq true:Boolean)"],
  [
    "endswith(String, '.org') and not contains(String, '%')",
    "(endswith(String:String, '.org':String):Boolean and not(contains(String:String, '%':String):Boolean))",
  ],
  ["tolower(String) eq 'x'", "(tolower(String:String):String eq 'x':String)"],
  ["toupper(trim(String)) eq 'X'", "(toupper(trim(String:String):String):String eq 'X':String)"],
  ["concat(String, StringReq) eq 'ab'", "(concat(String:String, StringReq:String):String eq 'ab':String)"],
  ["replace(String, '-', '') eq 'x'", "(replace(String:String, '-':String, '':String):String eq 'x':String)"],
  ["substring(String, 1) eq 'x'", "(substring(String:String, 1:Int32):String eq 'x':String)"],
  ["substring(String, 1, 2) eq 'x'", "(substring(String:String, 1:Int32, 2:Int32):String eq 'x':String)"],
  ["substring(String, Byte) eq 'x'", "(substring(String:String, convert(Byte:Byte):Int32):String eq 'x':String)"],
  [
    "substring(String, Int16, SByte) eq 'x'",
    "(substring(String:String, convert(Int16:Int16):Int32, convert(SByte:SByte):Int32):String eq 'x':String)",
  ],
  ["substring(String, 1L) eq 'x'", "(substring(String:String, 1:Int32):String eq 'x':String)"],
  [
    "substring(String, length(String) sub 1) eq 'x'",
    "(substring(String:String, (length(String:String):Int32 sub 1:Int32):Int32):String eq 'x':String)",
  ],
  ['Int32 in (1, 2, 3)', '(Int32:Int32 in [1:Int32, 2:Int32, 3:Int32])'],
  ['Int32 in (1, 2L, null)', '(Int32:Int32 in [1:Int32, 2:Int32, null:Int32])'],
  ['Int32 in ()', '(Int32:Int32 in [])'],
  ['Int32 in (1, 1.5)', "(convert(Int32:Int32):Decimal in ['1':Decimal, '1.5':Decimal])"],
  ['Int32 in (1, 9223372036854775807)', '(convert(Int32:Int32):Int64 in [1n:Int64, 9223372036854775807n:Int64])'],
  ['Decimal in (1, 2.5, 3L)', "(Decimal:Decimal in ['1':Decimal, '2.5':Decimal, '3':Decimal])"],
  ['Double in (1, 2.5, NaN)', '(Double:Double in [1:Double, 2.5:Double, NaN:Double])'],
  ['Byte in (1, 2)', '(Byte:Byte in [1:Byte, 2:Byte])'],
  ['Byte in (1, 300)', '(convert(Byte:Byte):Int32 in [1:Int32, 300:Int32])'],
  ["String in ('a', 'b', null)", "(String:String in ['a':String, 'b':String, null:String])"],
  [
    "Guid in (guid'0f8fad5b-d9cb-469f-a165-70867728950e')",
    "(Guid:Guid in ['0f8fad5b-d9cb-469f-a165-70867728950e':Guid])",
  ],
  [
    "DateTime in (datetime'2012-01-01T00:00Z', 2012-06-01T00:00:00+02:00)",
    '(DateTime:DateTime in [1325376000000:DateTime, 1338501600000:DateTime])',
  ],
  [
    "DateTimeOffset in (datetime'2012-01-01T00:00Z')",
    '(DateTimeOffset:DateTimeOffset in [1325376000000:DateTimeOffset])',
  ],
  ['Boolean in (true, null)', '(Boolean:Boolean in [true:Boolean, null:Boolean])'],
  ['null in (1, 2)', '(null:Int32 in [1:Int32, 2:Int32])'],
  ['null in (1, 2.5)', "(null:Decimal in ['1':Decimal, '2.5':Decimal])"],
  ['null in ()', '(null:String in [])'],
  ['(Int32 add 1) in (2, 3)', '((Int32:Int32 add 1:Int32):Int32 in [2:Int32, 3:Int32])'],
  ['null eq null', '(null:String eq null:String)'],
  ['Int32 eq null', '(Int32:Int32 eq null:Int32)'],
  ['null eq Int32', '(null:Int32 eq Int32:Int32)'],
  ['null ne String', '(null:String ne String:String)'],
  ['null', 'null:Boolean'],
  ['not null', 'not(null:Boolean)'],
  ['Boolean and null', '(Boolean:Boolean and null:Boolean)'],
  ['null or true', '(null:Boolean or true:Boolean)'],
  ['Int32 add null eq 1', '((Int32:Int32 add null:Int32):Int32 eq 1:Int32)'],
  ['null add null eq 1', '((null:Int32 add null:Int32):Int32 eq 1:Int32)'],
  ['-null eq 1', '(-(null:Int32):Int32 eq 1:Int32)'],
  ['year(null) eq 2012', '(year(null:DateTimeOffset):Int32 eq 2012:Int32)'],
  ['substringof(null, String)', 'substringof(null:String, String:String):Boolean'],
  ['round(null) eq 1', "(round(null:Decimal):Decimal eq '1':Decimal)"],
  ['datetime(null) eq DateTime', '(datetime(null:DateTime):DateTime eq DateTime:DateTime)'],
  ["Address/City eq 'x'", "(Address/City:String eq 'x':String)"],
  ["Address/Country eq 'x'", "(Address/Country:String eq 'x':String)"],
  ['Address/Geo/Lat gt 1', '(Address/Geo/Lat:Double gt 1:Double)'],
  ['Address/Geo/Lon gt 1', '(Address/Geo/Lon:Double gt 1:Double)'],
  ["Owner/Name eq 'x'", "(Owner/Name:String eq 'x':String)"],
  ['Owner/Manager/Id eq 1', '(Owner/Manager/Id:Int32 eq 1:Int32)'],
  ['Owner/Manager/Salary gt 1000', "(Owner/Manager/Salary:Decimal gt '1000':Decimal)"],
  ['Owner/Manager/Active', 'Owner/Manager/Active:Boolean'],
  [
    "Id eq 1 and (String eq 'a' or String eq 'b') and not Boolean",
    "((Id:Int32 eq 1:Int32) and ((String:String eq 'a':String) or (String:String eq 'b':String)) and not(Boolean:Boolean))",
  ],
  // A structure compares with null, by eq or ne, either way round.
  ['Address eq null', '(Address:Structure eq null)'],
  ['null ne Address/Geo', '(Address/Geo:Structure ne null)'],
  [
    'Owner/Manager eq null and not (Address ne null)',
    '((Owner/Manager:Structure eq null) and not((Address:Structure ne null)))',
  ],
  ['(Address eq null) eq Boolean', '((Address:Structure eq null) eq Boolean:Boolean)'],
];

const ILL_TYPED: [string, [string, string, string][]][] = [
  [
    "Stauts eq 'x'",
    [
      [
        'unknown_property',
        'Stauts',
        "Property 'Stauts' does not exist on Item. Its properties are 'Id', 'String', 'StringReq', 'Boolean', 'BooleanReq', 'Byte', 'ByteReq', 'SByte', 'SByteReq', 'Int16', 'Int16Req', 'Int32' and 27 more.",
      ],
    ],
  ],
  [
    "string eq 'x'",
    [['unknown_property', 'string', "Property 'string' does not exist on Item. Did you mean 'String'?"]],
  ],
  [
    "STRINGREQ eq 'x'",
    [['unknown_property', 'STRINGREQ', "Property 'STRINGREQ' does not exist on Item. Did you mean 'StringReq'?"]],
  ],
  ['Int23 eq 1', [['unknown_property', 'Int23', "Property 'Int23' does not exist on Item. Did you mean 'Int32'?"]]],
  [
    'Xyzzy eq 1',
    [
      [
        'unknown_property',
        'Xyzzy',
        "Property 'Xyzzy' does not exist on Item. Its properties are 'Id', 'String', 'StringReq', 'Boolean', 'BooleanReq', 'Byte', 'ByteReq', 'SByte', 'SByteReq', 'Int16', 'Int16Req', 'Int32' and 27 more.",
      ],
    ],
  ],
  [
    "Address/Cty eq 'x'",
    [['unknown_property', 'Cty', "Property 'Cty' does not exist on Item/Address. Did you mean 'City'?"]],
  ],
  [
    'Address/Geo/Lan gt 1',
    [['unknown_property', 'Lan', "Property 'Lan' does not exist on Item/Address/Geo. Did you mean 'Lat'?"]],
  ],
  [
    "Owner/Manager/Nme eq 'x'",
    [['unknown_property', 'Nme', "Property 'Nme' does not exist on Item/Owner/Manager. Did you mean 'Name'?"]],
  ],
  [
    "Adress/City eq 'x'",
    [['unknown_property', 'Adress', "Property 'Adress' does not exist on Item. Did you mean 'Address'?"]],
  ],
  [
    'String/Length eq 1',
    [['not_structured', 'Length', "'String' is Edm.String and has no properties, so 'Length' cannot follow it"]],
  ],
  [
    "Address/City/Name eq 'x'",
    [['not_structured', 'Name', "'Address/City' is Edm.String and has no properties, so 'Name' cannot follow it"]],
  ],
  [
    "Address eq 'x'",
    [
      [
        'structured_value',
        'Address',
        "'Address' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/City'",
      ],
    ],
  ],
  [
    'Address gt null',
    [
      [
        'structured_value',
        'Address',
        "'Address' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/City'",
      ],
    ],
  ],
  [
    'null le Address/Geo',
    [
      [
        'structured_value',
        'Address/Geo',
        "'Address/Geo' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/Geo/Lat'",
      ],
    ],
  ],
  [
    'Address eq Address',
    [
      [
        'structured_value',
        'Address',
        "'Address' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/City'",
      ],
      [
        'structured_value',
        'Address',
        "'Address' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/City'",
      ],
    ],
  ],
  [
    'Address in (null)',
    [
      [
        'structured_value',
        'Address',
        "'Address' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/City'",
      ],
    ],
  ],
  [
    'length(Address) eq null',
    [
      [
        'structured_value',
        'Address',
        "'Address' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as 'Address/City'",
      ],
    ],
  ],
  [
    'Address/Nope eq null',
    [
      [
        'unknown_property',
        'Nope',
        "Property 'Nope' does not exist on Item/Address. Its properties are 'City', 'Country', 'Geo'.",
      ],
    ],
  ],
  [
    'Address/City/Name ne null',
    [['not_structured', 'Name', "'Address/City' is Edm.String and has no properties, so 'Name' cannot follow it"]],
  ],
  // Operands are named as written; a literal whose text spells one the other side takes is suggested.
  [
    "Int32 gt '50'",
    [['type_mismatch', "Int32 gt '50'", "Cannot compare Int32 (Edm.Int32) with '50' (Edm.String). Did you mean 50?"]],
  ],
  [
    "'50' le Int32",
    [['type_mismatch', "'50' le Int32", "Cannot compare '50' (Edm.String) with Int32 (Edm.Int32). Did you mean 50?"]],
  ],
  [
    "Decimal eq '-12.50'",
    [
      [
        'type_mismatch',
        "Decimal eq '-12.50'",
        "Cannot compare Decimal (Edm.Decimal) with '-12.50' (Edm.String). Did you mean -12.50?",
      ],
    ],
  ],
  [
    "DateTimeOffset gt '2012-01-01'",
    [
      [
        'type_mismatch',
        "DateTimeOffset gt '2012-01-01'",
        "Cannot compare DateTimeOffset (Edm.DateTimeOffset) with '2012-01-01' (Edm.String). Did you mean 2012-01-01T00:00:00Z?",
      ],
    ],
  ],
  [
    "DateTime lt '2012-01-01T10:30:00+02:00'",
    [
      [
        'type_mismatch',
        "DateTime lt '2012-01-01T10:30:00+02:00'",
        "Cannot compare DateTime (Edm.DateTime) with '2012-01-01T10:30:00+02:00' (Edm.String). Did you mean 2012-01-01T10:30:00+02:00?",
      ],
    ],
  ],
  [
    "Boolean eq 'TRUE'",
    [
      [
        'type_mismatch',
        "Boolean eq 'TRUE'",
        "Cannot compare Boolean (Edm.Boolean) with 'TRUE' (Edm.String). Did you mean true?",
      ],
    ],
  ],
  [
    "Guid eq '0F8FAD5B-D9CB-469F-A165-70867728950E'",
    [
      [
        'type_mismatch',
        "Guid eq '0F8FAD5B-D9CB-469F-A165-70867728950E'",
        "Cannot compare Guid (Edm.Guid) with '0F8FAD5B-D9CB-469F-A165-70867728950E' (Edm.String). Did you mean 0F8FAD5B-D9CB-469F-A165-70867728950E?",
      ],
    ],
  ],
  [
    'String ne 50',
    [['type_mismatch', 'String ne 50', "Cannot compare String (Edm.String) with 50 (Edm.Int32). Did you mean '50'?"]],
  ],
  [
    'false eq String',
    [
      [
        'type_mismatch',
        'false eq String',
        "Cannot compare false (Edm.Boolean) with String (Edm.String). Did you mean 'false'?",
      ],
    ],
  ],
  [
    "length(String) add 1 gt '5'",
    [
      [
        'type_mismatch',
        "length(String) add 1 gt '5'",
        "Cannot compare length(String) add 1 (Edm.Int32) with '5' (Edm.String). Did you mean 5?",
      ],
    ],
  ],
  [
    "concat(concat(String, 'a long piece of text'), String) eq 7",
    [
      [
        'type_mismatch',
        "concat(concat(String, 'a long piece of text'), String) eq 7",
        "Cannot compare concat(concat(String, 'a long piece of … (Edm.String) with 7 (Edm.Int32). Did you mean '7'?",
      ],
    ],
  ],
  [
    "Int32\n  eq\t'x y'",
    [['type_mismatch', "Int32\n  eq\t'x y'", "Cannot compare Int32 (Edm.Int32) with 'x y' (Edm.String)"]],
  ],
  // No suggestion unless the text is exactly one literal the other side takes.
  [
    "Int32 eq '50 add 1'",
    [['type_mismatch', "Int32 eq '50 add 1'", "Cannot compare Int32 (Edm.Int32) with '50 add 1' (Edm.String)"]],
  ],
  [
    "Boolean eq '1'",
    [['type_mismatch', "Boolean eq '1'", "Cannot compare Boolean (Edm.Boolean) with '1' (Edm.String)"]],
  ],
  ["Guid eq '50'", [['type_mismatch', "Guid eq '50'", "Cannot compare Guid (Edm.Guid) with '50' (Edm.String)"]]],
  [
    'String eq 1.5e3',
    [['type_mismatch', 'String eq 1.5e3', 'Cannot compare String (Edm.String) with 1.5e3 (Edm.Double)']],
  ],
  [
    "Int32 add '1' eq 2",
    [['not_numeric', "'1'", "Operator 'add' needs numeric operands, but '1' is Edm.String. Did you mean 1?"]],
  ],
  [
    "not 'true'",
    [['not_boolean', "'true'", "Operator 'not' needs a Boolean operand, but 'true' is Edm.String. Did you mean true?"]],
  ],
  [
    "substring(String, '1') eq 'x'",
    [
      [
        'wrong_argument_type',
        "'1'",
        "Function 'substring' expects argument 2 to be Edm.Int32, but '1' is Edm.String. Did you mean 1?",
      ],
    ],
  ],
  [
    "Int32 in ('1', 'b')",
    [
      [
        'type_mismatch',
        "'1'",
        "List item '1' (Edm.String) does not fit Int32 (Edm.Int32) on the left of 'in'. Did you mean 1?",
      ],
      ['type_mismatch', "'b'", "List item 'b' (Edm.String) does not fit Int32 (Edm.Int32) on the left of 'in'"],
    ],
  ],
  ["Int32 eq 'x'", [['type_mismatch', "Int32 eq 'x'", "Cannot compare Int32 (Edm.Int32) with 'x' (Edm.String)"]]],
  [
    'String eq 1',
    [['type_mismatch', 'String eq 1', "Cannot compare String (Edm.String) with 1 (Edm.Int32). Did you mean '1'?"]],
  ],
  [
    "DateTime gt 'yesterday'",
    [
      [
        'type_mismatch',
        "DateTime gt 'yesterday'",
        "Cannot compare DateTime (Edm.DateTime) with 'yesterday' (Edm.String)",
      ],
    ],
  ],
  ["Guid eq 'x'", [['type_mismatch', "Guid eq 'x'", "Cannot compare Guid (Edm.Guid) with 'x' (Edm.String)"]]],
  ['Boolean eq 1', [['type_mismatch', 'Boolean eq 1', 'Cannot compare Boolean (Edm.Boolean) with 1 (Edm.Int32)']]],
  ['Guid eq String', [['type_mismatch', 'Guid eq String', 'Cannot compare Guid (Edm.Guid) with String (Edm.String)']]],
  ['DateTime eq 1', [['type_mismatch', 'DateTime eq 1', 'Cannot compare DateTime (Edm.DateTime) with 1 (Edm.Int32)']]],
  ['Int32 eq true', [['type_mismatch', 'Int32 eq true', 'Cannot compare Int32 (Edm.Int32) with true (Edm.Boolean)']]],
  ['Int32', [['not_boolean', 'Int32', 'A filter must be Edm.Boolean, but this expression is Edm.Int32']]],
  ['String', [['not_boolean', 'String', 'A filter must be Edm.Boolean, but this expression is Edm.String']]],
  ['Int32 add 1', [['not_boolean', 'Int32 add 1', 'A filter must be Edm.Boolean, but this expression is Edm.Int32']]],
  ['Boolean and Int32', [['not_boolean', 'Int32', "Operator 'and' needs Boolean operands, but Int32 is Edm.Int32"]]],
  [
    'String divby 2 eq 1',
    [['not_numeric', 'String', "Operator 'divby' needs numeric operands, but String is Edm.String"]],
  ],
  [
    "duration'P1D' divby 2 eq duration'PT12H'",
    [
      [
        'type_mismatch',
        "duration'P1D' divby 2",
        "Operator 'divby' does not apply to duration'P1D' (Edm.Duration) and 2 (Edm.Int32); date-time arithmetic takes an instant or Date add or sub a Duration, an instant sub an instant, a Date sub a Date, Durations add or sub each other, and a Duration mul or div a number",
      ],
    ],
  ],
  [
    "Int32 or String eq 'x'",
    [['not_boolean', 'Int32', "Operator 'or' needs Boolean operands, but Int32 is Edm.Int32"]],
  ],
  ['not String', [['not_boolean', 'String', "Operator 'not' needs a Boolean operand, but String is Edm.String"]]],
  [
    'not (Int32 add 1)',
    [['not_boolean', '(Int32 add 1)', "Operator 'not' needs a Boolean operand, but (Int32 add 1) is Edm.Int32"]],
  ],
  ['String add 1 eq 1', [['not_numeric', 'String', "Operator 'add' needs numeric operands, but String is Edm.String"]]],
  [
    'Int32 add Boolean eq 1',
    [['not_numeric', 'Boolean', "Operator 'add' needs numeric operands, but Boolean is Edm.Boolean"]],
  ],
  [
    "-String eq 'x'",
    [['not_numeric', 'String', "Unary '-' needs a numeric or Duration operand, but String is Edm.String"]],
  ],
  [
    '-DateTime eq DateTime',
    [['not_numeric', 'DateTime', "Unary '-' needs a numeric or Duration operand, but DateTime is Edm.DateTime"]],
  ],
  [
    'year(String) eq 1',
    [
      [
        'wrong_argument_type',
        'String',
        "Function 'year' expects argument 1 to be Edm.DateTimeOffset or Edm.DateTime or Edm.Date, but String is Edm.String",
      ],
    ],
  ],
  [
    'round(String) eq 1',
    [
      [
        'wrong_argument_type',
        'String',
        "Function 'round' expects argument 1 to be Edm.Decimal or Edm.Double, but String is Edm.String",
      ],
    ],
  ],
  [
    'length(Int32) eq 1',
    [['wrong_argument_type', 'Int32', "Function 'length' expects argument 1 to be Edm.String, but Int32 is Edm.Int32"]],
  ],
  [
    "substring(String, 'x') eq 'x'",
    [['wrong_argument_type', "'x'", "Function 'substring' expects argument 2 to be Edm.Int32, but 'x' is Edm.String"]],
  ],
  [
    "substring(String, 1, Int64) eq 'x'",
    [
      [
        'wrong_argument_type',
        'Int64',
        "Function 'substring' expects argument 3 to be Edm.Int32, but Int64 is Edm.Int64",
      ],
    ],
  ],
  [
    "substring(String, Decimal) eq 'x'",
    [
      [
        'wrong_argument_type',
        'Decimal',
        "Function 'substring' expects argument 2 to be Edm.Int32, but Decimal is Edm.Decimal",
      ],
    ],
  ],
  [
    'substringof(1, String)',
    [
      [
        'wrong_argument_type',
        '1',
        "Function 'substringof' expects argument 1 to be Edm.String, but 1 is Edm.Int32. Did you mean '1'?",
      ],
    ],
  ],
  [
    "replace(String, 'a', 1) eq 'x'",
    [
      [
        'wrong_argument_type',
        '1',
        "Function 'replace' expects argument 3 to be Edm.String, but 1 is Edm.Int32. Did you mean '1'?",
      ],
    ],
  ],
  [
    'datetime(String) eq DateTime',
    [
      [
        'wrong_argument_type',
        'String',
        "Function 'datetime' expects argument 1 to be Edm.DateTime or Edm.DateTimeOffset, but String is Edm.String",
      ],
    ],
  ],
  [
    "tolower(Guid) eq 'x'",
    [['wrong_argument_type', 'Guid', "Function 'tolower' expects argument 1 to be Edm.String, but Guid is Edm.Guid"]],
  ],
  [
    "round(Single) eq 'x'",
    [['type_mismatch', "round(Single) eq 'x'", "Cannot compare round(Single) (Edm.Double) with 'x' (Edm.String)"]],
  ],
  [
    "Int32 in ('a', 'b')",
    [
      ['type_mismatch', "'a'", "List item 'a' (Edm.String) does not fit Int32 (Edm.Int32) on the left of 'in'"],
      ['type_mismatch', "'b'", "List item 'b' (Edm.String) does not fit Int32 (Edm.Int32) on the left of 'in'"],
    ],
  ],
  [
    "String in (1, 'a', 2)",
    [
      [
        'type_mismatch',
        '1',
        "List item 1 (Edm.Int32) does not fit String (Edm.String) on the left of 'in'. Did you mean '1'?",
      ],
      [
        'type_mismatch',
        '2',
        "List item 2 (Edm.Int32) does not fit String (Edm.String) on the left of 'in'. Did you mean '2'?",
      ],
    ],
  ],
  [
    "Guid in ('x')",
    [['type_mismatch', "'x'", "List item 'x' (Edm.String) does not fit Guid (Edm.Guid) on the left of 'in'"]],
  ],
  [
    "DateTime in ('2012-01-01')",
    [
      [
        'type_mismatch',
        "'2012-01-01'",
        "List item '2012-01-01' (Edm.String) does not fit DateTime (Edm.DateTime) on the left of 'in'. Did you mean 2012-01-01T00:00:00Z?",
      ],
    ],
  ],
  [
    'Boolean in (1)',
    [['type_mismatch', '1', "List item 1 (Edm.Int32) does not fit Boolean (Edm.Boolean) on the left of 'in'"]],
  ],
  [
    "null in (1, 'a')",
    [['type_mismatch', "'a'", "List item 'a' (Edm.String) does not fit null (Edm.Int32) on the left of 'in'"]],
  ],
  [
    "Stauts eq 'x' and Int32 eq 'y' and not Int64",
    [
      [
        'unknown_property',
        'Stauts',
        "Property 'Stauts' does not exist on Item. Its properties are 'Id', 'String', 'StringReq', 'Boolean', 'BooleanReq', 'Byte', 'ByteReq', 'SByte', 'SByteReq', 'Int16', 'Int16Req', 'Int32' and 27 more.",
      ],
      ['type_mismatch', "Int32 eq 'y'", "Cannot compare Int32 (Edm.Int32) with 'y' (Edm.String)"],
      ['not_boolean', 'Int64', "Operator 'not' needs a Boolean operand, but Int64 is Edm.Int64"],
    ],
  ],
  [
    "year(Nope) eq 'x'",
    [
      [
        'unknown_property',
        'Nope',
        "Property 'Nope' does not exist on Item. Its properties are 'Id', 'String', 'StringReq', 'Boolean', 'BooleanReq', 'Byte', 'ByteReq', 'SByte', 'SByteReq', 'Int16', 'Int16Req', 'Int32' and 27 more.",
      ],
      ['type_mismatch', "year(Nope) eq 'x'", "Cannot compare year(Nope) (Edm.Int32) with 'x' (Edm.String)"],
    ],
  ],
  [
    "Int32 eq 'x' or Strng eq 'x'",
    [
      ['type_mismatch', "Int32 eq 'x'", "Cannot compare Int32 (Edm.Int32) with 'x' (Edm.String)"],
      ['unknown_property', 'Strng', "Property 'Strng' does not exist on Item. Did you mean 'String'?"],
    ],
  ],
  // Binaries are not ordered (OData 4.01 compares them with null only; eq and ne of two are this
  // language's), are no strings, and take no arithmetic, function or conversion but to String.
  ["Binary gt binary'AA=='", [['not_orderable', "Binary gt binary'AA=='", "Binaries are not ordered ('gt')"]]],
  ['BinaryReq le Binary', [['not_orderable', 'BinaryReq le Binary', "Binaries are not ordered ('le')"]]],
  ["X'00' lt X'01'", [['not_orderable', "X'00' lt X'01'", "Binaries are not ordered ('lt')"]]],
  ['Binary ge null', [['not_orderable', 'Binary ge null', "Binaries are not ordered ('ge')"]]],
  [
    "Binary eq 'AA=='",
    [['type_mismatch', "Binary eq 'AA=='", "Cannot compare Binary (Edm.Binary) with 'AA==' (Edm.String)"]],
  ],
  [
    "Guid in (X'00')",
    [['type_mismatch', "X'00'", "List item X'00' (Edm.Binary) does not fit Guid (Edm.Guid) on the left of 'in'"]],
  ],
  ['Binary add 1 eq 1', [['not_numeric', 'Binary', "Operator 'add' needs numeric operands, but Binary is Edm.Binary"]]],
  [
    'length(Binary) eq 1',
    [
      [
        'wrong_argument_type',
        'Binary',
        "Function 'length' expects argument 1 to be Edm.String, but Binary is Edm.Binary",
      ],
    ],
  ],
  [
    'cast(Binary, Edm.Int32) eq 1',
    [
      [
        'invalid_cast',
        'cast(Binary, Edm.Int32)',
        'Cannot cast Binary (Edm.Binary) to Edm.Int32: OData defines no such conversion',
      ],
    ],
  ],
];

describe('check: well-typed filters', () => {
  it.each(WELL_TYPED)('%s', (filter, expected) => {
    expect(printTyped(check(filter, testSchema).root)).toBe(expected);
  });
});

describe('check: ill-typed filters', () => {
  it.each(ILL_TYPED)('%s', (filter, expected) => {
    expect(issuesOf(filter)).toEqual(expected);
  });
});

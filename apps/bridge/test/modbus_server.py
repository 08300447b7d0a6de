"""A real Modbus TCP server (Debian's python3-pymodbus) for the bridge's tests.

Listens on 127.0.0.1 at the port given as its argument (a free one without) and prints {"port": N} once it serves. Then reads one JSON command a line
on stdin and answers one JSON line on stdout:
  {"op": "set", "unit": 1, "table": "hr"|"ir"|"co"|"di", "address": 0, "values": [..]}  -> {"ok": true}
  {"op": "get", "unit": 1, "table": ..., "address": 0, "count": 1}                     -> {"ok": true, "values": [..]}
Units 1 to 3 are served, each with 200 of every table, addressed from 0 (zero_mode).
"""
import asyncio
import json
import sys
import threading

from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.server.async_io import ModbusTcpServer

FUNCTION = {"co": 1, "di": 2, "hr": 3, "ir": 4}


def unit_context():
    return ModbusSlaveContext(
        co=ModbusSequentialDataBlock(0, [0] * 200),
        di=ModbusSequentialDataBlock(0, [0] * 200),
        hr=ModbusSequentialDataBlock(0, [0] * 200),
        ir=ModbusSequentialDataBlock(0, [0] * 200),
        zero_mode=True,
    )


def answer(context, line):
    try:
        command = json.loads(line)
        unit = context[command.get("unit", 1)]
        function = FUNCTION[command["table"]]
        if command["op"] == "set":
            unit.setValues(function, command["address"], command["values"])
            return {"ok": True}
        if command["op"] == "get":
            values = unit.getValues(function, command["address"], command.get("count", 1))
            return {"ok": True, "values": [int(v) for v in values]}
        return {"ok": False, "error": "unknown op"}
    except Exception as error:  # a bad command is answered, never fatal
        return {"ok": False, "error": str(error)}


def serve_stdin(context):
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(answer(context, line)), flush=True)
    # The test closed our stdin: it is done with us.
    sys.stdout.flush()
    import os

    os._exit(0)


async def main():
    context = ModbusServerContext(slaves={1: unit_context(), 2: unit_context(), 3: unit_context()}, single=False)
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    # Reusing the address: a test stops a device and starts it again on the same port.
    server = ModbusTcpServer(context, address=("127.0.0.1", port), allow_reuse_address=True, defer_start=True)
    task = asyncio.create_task(server.serve_forever())
    await server.serving
    port = server.server.sockets[0].getsockname()[1]  # the one picked for 0
    threading.Thread(target=serve_stdin, args=(context,), daemon=True).start()
    print(json.dumps({"port": port}), flush=True)
    await task


asyncio.run(main())

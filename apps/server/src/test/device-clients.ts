import mqtt, { type MqttClient } from 'mqtt';

/**
 * MQTT clients of a test, connected as devices (the access token as username) to a broker on 127.0.0.1, and
 * ended together after the file: `connect` resolves once the broker has accepted, rejects on its refusal.
 */
export function deviceClients(port: () => number) {
  const clients: MqttClient[] = [];
  return {
    clients,
    connect(token: string): Promise<MqttClient> {
      const client = mqtt.connect(`mqtt://127.0.0.1:${port()}`, {
        username: token,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      });
      clients.push(client);
      return new Promise((resolve, reject) => {
        client.once('connect', () => resolve(client));
        client.once('error', reject);
      });
    },
    async endAll(): Promise<void> {
      await Promise.all(clients.filter((c) => c.connected).map((c) => c.endAsync(true)));
    },
  };
}
